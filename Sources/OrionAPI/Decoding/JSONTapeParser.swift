/// Reads JSON text (RFC 8259) into tape entries, validating as it goes. Every read of `bytes`
/// is after a check of `position` against its count.
struct JSONTapeParser {
    let bytes: UnsafeBufferPointer<UInt8>
    private var entries: [JSONTape.Entry] = []
    private var position = 0
    /// Deeper nesting is refused rather than risking the stack.
    static let maximumDepth = 512
    /// The tape holds offsets as `UInt32`: longer documents are refused, not truncated.
    static let maximumLength = Int(UInt32.max)
    /// `maximumLength`, lower in tests.
    let maximumLength: Int
    /// The longest scalar the tape holds (`JSONTape.Entry.maximumSecond`), lower in tests.
    let maximumValueLength: Int
    /// The most entries the tape holds (as a container's end index is `maximumSecond` at most),
    /// lower in tests.
    let maximumEntryCount: Int

    init(
        bytes: UnsafeBufferPointer<UInt8>, maximumLength: Int = Self.maximumLength,
        maximumValueLength: Int = JSONTape.Entry.maximumSecond, maximumEntryCount: Int = JSONTape.Entry.maximumSecond
    ) {
        self.bytes = bytes
        self.maximumLength = maximumLength
        self.maximumValueLength = maximumValueLength
        self.maximumEntryCount = maximumEntryCount
    }

    mutating func parse() throws(JSONParseError) -> [JSONTape.Entry] {
        guard bytes.count <= maximumLength else {
            throw JSONParseError(
                message: "the document is \(bytes.count) bytes, more than the \(maximumLength) Orion reads: ask the server for less at a time (paginate)",
                offset: 0, line: 1, column: 1)
        }
        // Room for an entry per 8 bytes: more than a response needs (the 100,000 launches: one
        // per 20 bytes), so that a large one is not copied as it grows, and pages reserved but
        // never written cost no memory. A small message (a subscription event's) has more
        // entries per byte, and growing the array would cost it a copy or two.
        entries.reserveCapacity(max(bytes.count / 8, 32))
        skipWhitespace()
        try parseValue(depth: 0)
        skipWhitespace()
        if position < bytes.count { throw error("unexpected \(describe(bytes[position])) after the document") }
        return entries
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) {
        guard position < bytes.count else { throw error("unexpected end of the document, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try literal("true", .true)
        case UInt8(ascii: "f"): try literal("false", .false)
        case UInt8(ascii: "n"): try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        default: throw error("unexpected \(describe(bytes[position])), expected a value")
        }
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONTape.Kind) throws(JSONParseError) {
        let length = word.utf8CodeUnitCount
        let start = position
        guard start + length <= bytes.count else { throw error("unexpected end of the document in \(word)") }
        let matches = word.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[start + $0] == expected[$0] }
        }
        guard matches else { throw error("invalid literal, expected \(word)") }
        entries.append(JSONTape.Entry(kind: kind, flag: false, offset: UInt32(start), second: UInt32(length)))
        position += length
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        let index = entries.count
        entries.append(JSONTape.Entry(kind: .object, flag: false, offset: UInt32(position), second: 0))
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw error(position < bytes.count ? "unexpected \(describe(bytes[position])), expected a field name in quotes" : "unexpected end of the document in an object")
                }
                // A key is read from the text before its value, and needs no entry unless it
                // has escapes to decode.
                let key = try scanString()
                if key.hasEscapes { try appendScalar(.key, flag: true, start: key.start, length: key.length) }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw error(position < bytes.count ? "unexpected \(describe(bytes[position])), expected ':' after a field name" : "unexpected end of the document in an object")
                }
                position += 1
                skipWhitespace()
                try parseValue(depth: depth)
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of the document in an object") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "}") { position += 1; break }
                throw error("unexpected \(describe(bytes[position])), expected ',' or '}' in an object")
            }
        }
        try close(index)
    }

    /// Ends the container whose entry is at `index`.
    private mutating func close(_ index: Int) throws(JSONParseError) {
        guard entries.count <= maximumEntryCount else {
            throw error("a document of more than \(maximumEntryCount) values, more than Orion reads at once: ask the server for less at a time (paginate)")
        }
        entries[index].second = UInt32(entries.count)
    }

    /// A scalar's entry, after a check of its length.
    private mutating func appendScalar(_ kind: JSONTape.Kind, flag: Bool, start: Int, length: Int) throws(JSONParseError) {
        guard length <= maximumValueLength else {
            throw error("a string or number of \(length) bytes, more than the \(maximumValueLength) Orion reads in one value")
        }
        entries.append(JSONTape.Entry(kind: kind, flag: flag, offset: UInt32(start), second: UInt32(length)))
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        let index = entries.count
        entries.append(JSONTape.Entry(kind: .array, flag: false, offset: UInt32(position), second: 0))
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                try parseValue(depth: depth)
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of the document in a list") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "]") { position += 1; break }
                throw error("unexpected \(describe(bytes[position])), expected ',' or ']' in a list")
            }
        }
        try close(index)
    }

    /// A string value: the entry covers the bytes between the quotes.
    private mutating func parseString() throws(JSONParseError) {
        let string = try scanString()
        try appendScalar(.string, flag: string.hasEscapes, start: string.start, length: string.length)
    }

    /// Reads the string at `position` (at its quote) and moves past it: where its text starts,
    /// its length between the quotes, and whether it has escapes.
    @inline(__always)
    private mutating func scanString() throws(JSONParseError) -> (start: Int, length: Int, hasEscapes: Bool) {
        let start = position + 1
        var index = start
        var hasEscapes = false
        let count = bytes.count
        while true {
            // Eight bytes at a time up to the first that ends the string or needs a look: a
            // quote, a backslash or a control character.
            if let base = bytes.baseAddress {
                while index + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let special = Self.specialBytes(in: word)
                    if special == 0 {
                        index += 8
                        continue
                    }
                    index += special.trailingZeroBitCount >> 3
                    break
                }
            }
            guard index < count else {
                position = index
                throw error("unexpected end of the document in a string")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                guard index + 1 < count else {
                    position = index
                    throw error("unexpected end of the document in a string")
                }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard index + 5 < count, (2...5).allSatisfy({ Self.hexValue(bytes[index + $0]) != nil }) else {
                        position = index
                        throw error("invalid \\u escape: expected four hexadecimal digits")
                    }
                    index += 6
                default:
                    position = index
                    throw error("invalid escape \\\(describe(bytes[index + 1]))")
                }
                continue
            }
            if byte < 0x20 {
                position = index
                throw error("unescaped control character \(describe(byte)) in a string")
            }
            index += 1
        }
        position = index + 1
        return (start, index - start, hasEscapes)
    }

    /// The high bit of each byte of `word` (its first byte lowest) that is a quote, a backslash or
    /// below 0x20, and possibly of bytes above one that is: its lowest set bit is exact, as a
    /// byte test borrows only from a byte that matches.
    @inline(__always)
    static func specialBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
        let quotes = zeroBytes(word ^ (ones &* 0x22))
        let backslashes = zeroBytes(word ^ (ones &* 0x5C))
        let controls = (word &- ones &* 0x20) & ~word & highBits
        return quotes | backslashes | controls
    }

    private mutating func parseNumber() throws(JSONParseError) {
        let start = position
        var index = position
        let count = bytes.count
        func digits(_ index: inout Int) -> Int {
            let first = index
            while index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
            position = index
            throw error("invalid number: expected a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                position = index
                throw error("invalid number: leading zeros are not allowed")
            }
        } else {
            _ = digits(&index)
        }
        var isFloat = false
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isFloat = true
            guard digits(&index) > 0 else {
                position = index
                throw error("invalid number: expected a digit after '.'")
            }
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isFloat = true
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&index) > 0 else {
                position = index
                throw error("invalid number: expected a digit in the exponent")
            }
        }
        try appendScalar(.number, flag: isFloat, start: start, length: index - start)
        position = index
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func error(_ message: String) -> JSONParseError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONParseError(message: message, offset: position, line: line, column: position - lineStart + 1)
    }
}
