/// The spec's block-string algorithms: reading a raw block string's value, and choosing how to
/// print a value as one.
enum BlockString {
    /// BlockStringValue(raw): split into lines, remove the common indentation of every line but
    /// the first, drop leading and trailing blank lines, join with `\n`.
    static func value(ofRaw raw: UnsafeBufferPointer<UInt8>) -> String {
        // `\"""` stands for `"""`: resolve it first, in a copy, when there is one.
        var escape = raw.index(of: UInt8(ascii: "\\"), or: UInt8(ascii: "\\"), from: 0)
        while escape + 3 < raw.count {
            if raw[escape + 1] == 0x22, raw[escape + 2] == 0x22, raw[escape + 3] == 0x22 {
                return unescapingTripleQuotes(raw).withUnsafeBufferPointer { dedented($0) }
            }
            escape = raw.index(of: UInt8(ascii: "\\"), or: UInt8(ascii: "\\"), from: escape + 1)
        }
        return dedented(raw)
    }

    private static func unescapingTripleQuotes(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(raw.count)
        var cursor = 0
        while cursor < raw.count {
            if raw[cursor] == UInt8(ascii: "\\"), cursor + 3 < raw.count, raw[cursor + 1] == 0x22,
               raw[cursor + 2] == 0x22, raw[cursor + 3] == 0x22 {
                unescaped.append(contentsOf: [0x22, 0x22, 0x22])
                cursor += 4
            } else {
                unescaped.append(raw[cursor])
                cursor += 1
            }
        }
        return unescaped
    }

    private static func dedented(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        // Pass 1: the common indentation and the first and last lines with content, without
        // materializing the lines (descriptions make up most of a schema's bytes).
        var commonIndent = Int.max
        var firstNonBlank = -1
        var lastNonBlankEnd = 0
        var firstNonBlankStart = 0
        var lineNumber = 0
        var index = 0
        while true {
            let lineStart = index
            var indent = 0
            while index < raw.count, raw[index] == 0x20 || raw[index] == 0x09 {
                index += 1
                indent += 1
            }
            index = raw.index(of: 0x0A, or: 0x0D, from: index)
            if index > lineStart + indent {
                if firstNonBlank < 0 {
                    firstNonBlank = lineNumber
                    firstNonBlankStart = lineStart
                }
                lastNonBlankEnd = index
                if lineNumber > 0, indent < commonIndent { commonIndent = indent }
            }
            guard index < raw.count else { break }
            index += (raw[index] == 0x0D && index + 1 < raw.count && raw[index + 1] == 0x0A) ? 2 : 1
            lineNumber += 1
        }
        guard firstNonBlank >= 0 else { return "" }

        // Pass 2: copy the lines from the first to the last with content, dropping the common
        // indentation from every line but the source's first, joined by "\n".
        let region = UnsafeBufferPointer(rebasing: raw[firstNonBlankStart..<lastNonBlankEnd])
        return String(unsafeUninitializedCapacity: region.count) { output in
            var written = 0
            var cursor = 0
            var line = firstNonBlank
            while true {
                var skip = line == 0 ? 0 : commonIndent
                while skip > 0, cursor < region.count, region[cursor] == 0x20 || region[cursor] == 0x09 {
                    cursor += 1
                    skip -= 1
                }
                let start = cursor
                cursor = region.index(of: 0x0A, or: 0x0D, from: cursor)
                if cursor > start, let to = output.baseAddress, let from = region.baseAddress {
                    (to + written).initialize(from: from + start, count: cursor - start)
                    written += cursor - start
                }
                guard cursor < region.count else { break }
                cursor += (region[cursor] == 0x0D && cursor + 1 < region.count && region[cursor + 1] == 0x0A) ? 2 : 1
                output[written] = 0x0A
                written += 1
                line += 1
            }
            return written
        }
    }

    /// Whether printing `value` as a block string reads back as exactly `value`.
    ///
    /// A block string cannot keep leading or trailing blank lines, indentation common to all
    /// lines after the first, `\r` line ends, or control characters (they would print raw).
    static func isPrintable(_ value: String) -> Bool {
        if value.isEmpty { return true }
        var isEmptyLine = true
        var hasIndent = false
        var hasCommonIndent = true
        var seenNonEmptyLine = false
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n":
                if isEmptyLine && !seenNonEmptyLine { return false }
                seenNonEmptyLine = true
                isEmptyLine = true
                hasIndent = false
            case " ", "\t":
                hasIndent = hasIndent || isEmptyLine
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { return false }
                hasCommonIndent = hasCommonIndent && hasIndent
                isEmptyLine = false
            }
        }
        if isEmptyLine { return false }
        if hasCommonIndent && seenNonEmptyLine { return false }
        return true
    }

    /// `value` as a block string; call only when `isPrintable(value)`.
    ///
    /// Multi-line values get the text on lines of their own, so that descriptions print as they
    /// are usually written; indenting the result as a whole keeps its value.
    static func print(_ value: String) -> String {
        let escaped = escapeTripleQuotes(value)
        let isSingleLine = !value.contains("\n")
        let endsWithQuoteOrSlash = value.hasSuffix("\"") || value.hasSuffix("\\")
        if isSingleLine && !endsWithQuoteOrSlash && value.unicodeScalars.count <= 70 {
            return "\"\"\"\(escaped)\"\"\""
        }
        if isSingleLine && (value.first == " " || value.first == "\t") {
            // A leading line break would turn the leading space into indentation.
            return "\"\"\"\(escaped)\n\"\"\""
        }
        return "\"\"\"\n\(escaped)\n\"\"\""
    }

    /// `"""` becomes `\"""`, the only escape a block string has.
    private static func escapeTripleQuotes(_ value: String) -> String {
        var result = ""
        var quotes = 0
        for scalar in value.unicodeScalars {
            if scalar == "\"" {
                quotes += 1
                if quotes == 3 {
                    result += "\\\"\"\""
                    quotes = 0
                }
                continue
            }
            result += String(repeating: "\"", count: quotes)
            quotes = 0
            result.unicodeScalars.append(scalar)
        }
        return result + String(repeating: "\"", count: quotes)
    }
}
