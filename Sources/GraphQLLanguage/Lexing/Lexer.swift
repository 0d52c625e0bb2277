/// Turns UTF-8 bytes into tokens, one at a time, as the parser asks for them.
///
/// It reads bytes, never `Character`s: GraphQL's punctuators, names and numbers are ASCII, and
/// strings and comments only need to find their end, so a byte switch is both exact and fast.
/// The source is valid UTF-8 (it comes from a Swift `String`), so every non-ASCII byte belongs to
/// a well-formed scalar.
///
/// Error positions and messages follow the reference implementation (graphql-js), so that tools
/// agree on where a document is broken.
struct Lexer {
    let source: Source
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next token's search starts.
    private(set) var position = 0

    init(source: Source, bytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.bytes = bytes
    }

    /// Reads the next token, skipping whitespace, commas, comments and byte-order marks.
    // Inlined into the parser's `advance` and `lookahead`, as `read` is into it: no call per token.
    @inline(__always)
    mutating func next() throws(GraphQLError) -> Token {
        let count = bytes.count
        var index = position
        while index < count {
            let byte = bytes[index]
            switch byte {
            // Ignored: space, tab, comma, line terminators.
            case 0x20, 0x09, 0x2C, 0x0A, 0x0D:
                index += 1
                continue
            // Ignored: the byte-order mark U+FEFF (EF BB BF).
            case 0xEF where index + 2 < count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3
                continue
            // Comment: `#` up to the end of the line.
            case UInt8(ascii: "#"):
                index += 1
                while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                continue
            default:
                break
            }
            let token = try read(at: index, byte)
            position = token.end
            return token
        }
        position = count
        return Token(kind: .endOfFile, start: count, end: count)
    }

    private func punctuator(_ kind: TokenKind, _ start: Int) -> Token {
        Token(kind: kind, start: start, end: start + 1)
    }

    @inline(__always)
    private func read(at start: Int, _ byte: UInt8) throws(GraphQLError) -> Token {
        // Names first: they are most of the tokens.
        if isNameStart(byte) {
            return Token(kind: .name, start: start, end: bytes.endOfName(from: start + 1))
        }
        switch byte {
        case UInt8(ascii: "!"): return punctuator(.bang, start)
        case UInt8(ascii: "$"): return punctuator(.dollar, start)
        case UInt8(ascii: "&"): return punctuator(.ampersand, start)
        case UInt8(ascii: "("): return punctuator(.parenLeft, start)
        case UInt8(ascii: ")"): return punctuator(.parenRight, start)
        case UInt8(ascii: ":"): return punctuator(.colon, start)
        case UInt8(ascii: "="): return punctuator(.equals, start)
        case UInt8(ascii: "@"): return punctuator(.at, start)
        case UInt8(ascii: "["): return punctuator(.bracketLeft, start)
        case UInt8(ascii: "]"): return punctuator(.bracketRight, start)
        case UInt8(ascii: "{"): return punctuator(.braceLeft, start)
        case UInt8(ascii: "|"): return punctuator(.pipe, start)
        case UInt8(ascii: "}"): return punctuator(.braceRight, start)
        case UInt8(ascii: "\""):
            if byteAt(start + 1) == UInt8(ascii: "\""), byteAt(start + 2) == UInt8(ascii: "\"") {
                return try readBlockString(start)
            }
            return Token(kind: .string, start: start, end: try readString(start, decoding: false).end)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber(start)
        case UInt8(ascii: "."):
            if byteAt(start + 1) == UInt8(ascii: ".") {
                if byteAt(start + 2) == UInt8(ascii: ".") {
                    return Token(kind: .spread, start: start, end: start + 3)
                }
                throw error(at: start, "Unexpected '..', did you mean '...'?")
            }
            if isDigit(byteAt(start + 1)) {
                var end = start + 1
                while isDigit(byteAt(end)) { end += 1 }
                let digits = text(start + 1, end)
                throw error(at: start, "Invalid number, expected digit before '.', did you mean '0.\(digits)'?")
            }
            throw error(at: start, "Unexpected character: \(describeCodePoint(at: start)).")
        case UInt8(ascii: "'"):
            throw error(at: start, "Unexpected single quote character ('), did you mean to use a double quote (\")?")
        default:
            throw error(at: start, "Unexpected character: \(describeCodePoint(at: start)).")
        }
    }

    // MARK: Numbers

    /// IntValue and FloatValue: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, not
    /// followed by a digit, `.` or a name start.
    private func readNumber(_ start: Int) throws(GraphQLError) -> Token {
        var index = start
        var isFloat = false
        if byteAt(index) == UInt8(ascii: "-") { index += 1 }
        if byteAt(index) == UInt8(ascii: "0") {
            index += 1
            if isDigit(byteAt(index)) {
                throw error(at: index, "Invalid number, unexpected digit after 0: \(describeCodePoint(at: index)).")
            }
        } else {
            index = try readDigits(index)
        }
        if byteAt(index) == UInt8(ascii: ".") {
            isFloat = true
            index = try readDigits(index + 1)
        }
        if byteAt(index) == UInt8(ascii: "e") || byteAt(index) == UInt8(ascii: "E") {
            isFloat = true
            index += 1
            if byteAt(index) == UInt8(ascii: "+") || byteAt(index) == UInt8(ascii: "-") { index += 1 }
            index = try readDigits(index)
        }
        let next = byteAt(index)
        if next == UInt8(ascii: ".") || isNameStart(next) {
            throw error(at: index, "Invalid number, expected digit but got: \(describeCodePoint(at: index)).")
        }
        return Token(kind: isFloat ? .float : .int, start: start, end: index)
    }

    private func readDigits(_ start: Int) throws(GraphQLError) -> Int {
        guard isDigit(byteAt(start)) else {
            throw error(at: start, "Invalid number, expected digit but got: \(describeCodePoint(at: start)).")
        }
        var index = start + 1
        while isDigit(byteAt(index)) { index += 1 }
        return index
    }

    // MARK: Strings

    /// The decoded value of a string token the lexer has read (so it is well formed).
    func stringValue(of token: Token) -> String {
        // Reading it again cannot fail: the lexer accepted these bytes when it made the token.
        (try? readString(token.start, decoding: true).value) ?? ""
    }

    /// `"` StringCharacter* `"`: no line terminators; escapes `\" \\ \/ \b \f \n \r \t`,
    /// `\uXXXX` (a UTF-16 surrogate pair as two of them) and `\u{X...}`.
    ///
    /// Returns where the string ends and, when `decoding`, its value (else `""`): lexing only
    /// needs the end, and the parser decodes the value once, when it takes the token.
    private func readString(_ start: Int, decoding: Bool) throws(GraphQLError) -> (end: Int, value: String) {
        var index = start + 1
        var chunkStart = index
        // Filled only once an escape shows up: most strings are their bytes.
        var decoded: [UInt8] = []
        var hasEscapes = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let value: String
                if !decoding {
                    value = ""
                } else if hasEscapes {
                    decoded.append(contentsOf: bytes[chunkStart..<index])
                    value = String(decoding: decoded, as: UTF8.self)
                } else {
                    value = text(chunkStart, index)
                }
                return (index + 1, value)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                let (scalar, size) = try readEscape(at: index)
                if decoding {
                    decoded.append(contentsOf: bytes[chunkStart..<index])
                    UTF8.encode(scalar) { decoded.append($0) }
                }
                index += size
                chunkStart = index
                continue
            }
            if byte == 0x0A || byte == 0x0D { break }
            index += 1
        }
        throw error(at: index, "Unterminated string.")
    }

    /// Reads the escape sequence starting with the backslash at `index`: its scalar and length.
    private func readEscape(at index: Int) throws(GraphQLError) -> (Unicode.Scalar, Int) {
        let kind = byteAt(index + 1)
        if kind == UInt8(ascii: "u") {
            return byteAt(index + 2) == UInt8(ascii: "{")
                ? try readVariableWidthUnicodeEscape(at: index)
                : try readFixedWidthUnicodeEscape(at: index)
        }
        let scalar: Unicode.Scalar? = switch kind {
        case UInt8(ascii: "\""): "\""
        case UInt8(ascii: "\\"): "\\"
        case UInt8(ascii: "/"): "/"
        case UInt8(ascii: "b"): "\u{08}"
        case UInt8(ascii: "f"): "\u{0C}"
        case UInt8(ascii: "n"): "\n"
        case UInt8(ascii: "r"): "\r"
        case UInt8(ascii: "t"): "\t"
        default: nil
        }
        guard let scalar else {
            throw error(at: index, "Invalid character escape sequence: '\(scalars(from: index, count: 2))'.")
        }
        return (scalar, 2)
    }

    /// `\u{` HexDigit+ `}`: at most 12 characters in all, and a Unicode scalar value.
    private func readVariableWidthUnicodeEscape(at index: Int) throws(GraphQLError) -> (Unicode.Scalar, Int) {
        var point = 0
        var size = 3
        let maxSize = min(12, scalarCount(from: index))
        while size < maxSize {
            let byte = bytes[index + size]
            size += 1
            if byte == UInt8(ascii: "}") {
                guard size >= 5, let scalar = Unicode.Scalar(UInt32(point)) else { break }
                return (scalar, size)
            }
            let digit = hexValue(byte)
            if digit < 0 { break }
            point = (point << 4) | digit
        }
        throw error(at: index, "Invalid Unicode escape sequence: '\(scalars(from: index, count: size))'.")
    }

    /// `\u` HexDigit×4, where a leading surrogate must be followed by `\u` and a trailing one.
    private func readFixedWidthUnicodeEscape(at index: Int) throws(GraphQLError) -> (Unicode.Scalar, Int) {
        let code = read16BitHex(at: index + 2)
        if code >= 0, let scalar = Unicode.Scalar(UInt32(code)) {
            return (scalar, 6)
        }
        if (0xD800...0xDBFF).contains(code), byteAt(index + 6) == UInt8(ascii: "\\"), byteAt(index + 7) == UInt8(ascii: "u") {
            let trailing = read16BitHex(at: index + 8)
            if (0xDC00...0xDFFF).contains(trailing),
               let scalar = Unicode.Scalar(UInt32(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00))) {
                return (scalar, 12)
            }
        }
        throw error(at: index, "Invalid Unicode escape sequence: '\(scalars(from: index, count: 6))'.")
    }

    private func read16BitHex(at index: Int) -> Int {
        var value = 0
        for offset in 0..<4 {
            let digit = hexValue(byteAt(index + offset))
            if digit < 0 { return -1 }
            value = value << 4 | digit
        }
        return value
    }

    /// `"""` ... `"""`, where `\"""` stands for `"""`; the value is the raw text dedented by the
    /// spec's BlockStringValue algorithm.
    private func readBlockString(_ start: Int) throws(GraphQLError) -> Token {
        var index = start + 3
        while true {
            index = bytes.index(of: UInt8(ascii: "\""), or: UInt8(ascii: "\\"), from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\""), byteAt(index + 1) == UInt8(ascii: "\""), byteAt(index + 2) == UInt8(ascii: "\"") {
                return Token(kind: .blockString, start: start, end: index + 3)
            }
            if byte == UInt8(ascii: "\\"), byteAt(index + 1) == UInt8(ascii: "\""),
               byteAt(index + 2) == UInt8(ascii: "\""), byteAt(index + 3) == UInt8(ascii: "\"") {
                index += 4
                continue
            }
            index += 1
        }
        throw error(at: index, "Unterminated string.")
    }

    // MARK: Helpers

    @inline(__always) private func byteAt(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The number of scalars from `index` to the end, capped at 12 (all the caller needs).
    private func scalarCount(from index: Int) -> Int {
        var count = 0
        var cursor = index
        while cursor < bytes.count, count < 12 {
            if bytes[cursor] & 0xC0 != 0x80 { count += 1 }
            cursor += 1
        }
        return count
    }

    /// Up to `count` scalars of the source starting at byte `index`, for error messages.
    private func scalars(from index: Int, count: Int) -> String {
        var end = index
        var seen = 0
        while end < bytes.count {
            if bytes[end] & 0xC0 != 0x80 {
                if seen == count { break }
                seen += 1
            }
            end += 1
        }
        return text(index, end)
    }

    /// Printable ASCII quoted (`'a'`), anything else as `U+XXXX`, the end as `<EOF>`.
    func describeCodePoint(at index: Int) -> String {
        guard index < bytes.count else { return "<EOF>" }
        let scalarText = scalars(from: index, count: 1)
        guard let scalar = scalarText.unicodeScalars.first else { return "<EOF>" }
        if scalar.value >= 0x20, scalar.value <= 0x7E {
            return "'\(scalarText)'"
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    func error(at position: Int, _ message: String) -> GraphQLError {
        GraphQLError("Syntax Error: \(message)", locations: [Location(start: position, end: position, source: source)], sources: [source])
    }
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
}

@inline(__always) func isNameStart(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
}

@inline(__always) func isNameContinue(_ byte: UInt8) -> Bool {
    isNameStart(byte) || isDigit(byte)
}

@inline(__always) private func hexValue(_ byte: UInt8) -> Int {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte) - 48
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte) - 55
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte) - 87
    default: -1
    }
}
