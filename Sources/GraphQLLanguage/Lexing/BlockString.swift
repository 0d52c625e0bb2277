/// The spec's block-string algorithms: reading a raw block string's value, and choosing how to
/// print a value as one.
enum BlockString {
    /// BlockStringValue(raw): split into lines, remove the common indentation of every line but
    /// the first, drop leading and trailing blank lines, join with `\n`.
    static func value(ofRaw raw: UnsafeBufferPointer<UInt8>) -> String {
        // Line ranges in `raw`; terminators are `\n`, `\r\n` and `\r`.
        var lines: [Range<Int>] = []
        var lineStart = 0
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(lineStart..<index)
                index += (byte == 0x0D && index + 1 < raw.count && raw[index + 1] == 0x0A) ? 2 : 1
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(lineStart..<raw.count)

        var commonIndent = Int.max
        var firstNonBlank: Int?
        var lastNonBlank = -1
        for (number, line) in lines.enumerated() {
            var indent = 0
            while indent < line.count, raw[line.lowerBound + indent] == 0x20 || raw[line.lowerBound + indent] == 0x09 {
                indent += 1
            }
            if indent == line.count { continue }
            if firstNonBlank == nil { firstNonBlank = number }
            lastNonBlank = number
            if number > 0, indent < commonIndent { commonIndent = indent }
        }
        guard let first = firstNonBlank else { return "" }

        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        for number in first...lastNonBlank {
            if number > first { output.append(0x0A) }
            let line = lines[number]
            let start = number == 0 ? line.lowerBound : min(line.lowerBound + commonIndent, line.upperBound)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[start..<line.upperBound]))
        }
        return String(decoding: output, as: UTF8.self)
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
