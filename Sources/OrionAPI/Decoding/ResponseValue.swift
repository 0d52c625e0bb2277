import Foundation

/// A value in a response, read from a `JSONTape`.
///
/// Each `decode…` method throws ``ResponseDecodingError`` (with an empty path, which callers
/// extend) when the value is of another kind.
public struct ResponseValue: Sendable {
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    @inlinable @inline(__always)
    var entry: JSONTape.Entry { tape.entries[index] }

    /// Whether the value is JSON `null`.
    @inlinable @inline(__always)
    public var isNull: Bool { entry.kind == .null }

    @inlinable
    public func decodeString() throws -> String {
        let entry = self.entry
        guard entry.kind == .string else { throw mismatch("String") }
        if entry.flag { return tape.unescapedString(entry) }
        return tape.bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(entry.first)..<Int(entry.first + entry.second)]), as: UTF8.self)
        }
    }

    @inlinable
    public func decodeInt() throws -> Int {
        let entry = self.entry
        guard entry.kind == .number else { throw mismatch("Int") }
        if !entry.flag, let int = tape.integer(entry) { return int }
        guard let double = tape.double(entry), double.rounded() == double, let int = Int(exactly: double) else { throw mismatch("Int") }
        return int
    }

    @inlinable
    public func decodeDouble() throws -> Double {
        let entry = self.entry
        guard entry.kind == .number else { throw mismatch("Double") }
        if !entry.flag, let int = tape.integer(entry) { return Double(int) }
        guard let double = tape.double(entry) else { throw mismatch("Double") }
        return double
    }

    @inlinable
    public func decodeBool() throws -> Bool {
        switch entry.kind {
        case .true: return true
        case .false: return false
        default: throw mismatch("Bool")
        }
    }

    @inlinable
    public func decodeObject() throws -> ResponseObject {
        guard entry.kind == .object else { throw mismatch("an object") }
        return ResponseObject(tape: tape, index: index)
    }

    @inlinable
    public func decodeList() throws -> ResponseList {
        guard entry.kind == .array else { throw mismatch("a list") }
        return ResponseList(tape: tape, index: index)
    }

    /// The value as JSON, for custom scalars.
    public func decodeJSON() -> JSONValue {
        let entry = self.entry
        switch entry.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number:
            if !entry.flag, let int = tape.integer(entry) { return .int(int) }
            return .double(tape.double(entry) ?? .nan)
        case .string: return .string((try? decodeString()) ?? "")
        case .array: return .list(ResponseList(tape: tape, index: index).map { $0.decodeJSON() })
        case .object:
            var fields: [String: JSONValue] = [:]
            ResponseObject(tape: tape, index: index).forEachField { key, value in fields[key] = value.decodeJSON() }
            return .object(fields)
        }
    }

    @usableFromInline
    func mismatch(_ expected: String) -> ResponseDecodingError {
        ResponseDecodingError(expected: expected, found: foundDescription)
    }

    /// A short rendering of the value, for error messages.
    var foundDescription: String {
        let entry = self.entry
        switch entry.kind {
        case .null: return "null"
        case .true: return "true"
        case .false: return "false"
        case .number: return tape.bytes.string(Int(entry.first)..<Int(entry.first + entry.second))
        case .string:
            let text = (try? decodeString()) ?? ""
            return text.count > 40 ? "a string" : "\"\(text)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// The elements of a list in a response.
public struct ResponseList: RandomAccessCollection, Sendable {
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int
    /// Entry indices of the elements, found in one pass.
    @usableFromInline let elementIndices: [Int]

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
        let entries = tape.entries
        let count = Int(entries[index].second)
        var indices: [Int] = []
        indices.reserveCapacity(count)
        var cursor = index + 1
        for _ in 0..<count {
            indices.append(cursor)
            cursor = tape.next(after: cursor)
        }
        elementIndices = indices
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { elementIndices.count }

    @inlinable
    public subscript(position: Int) -> ResponseValue {
        ResponseValue(tape: tape, index: elementIndices[position])
    }
}

extension JSONTape {
    /// The entry index just past the value at `index`.
    @inlinable @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .object || entry.kind == .array ? Int(entry.first) : index + 1
    }

    /// An integer without fraction or exponent, when it fits in `Int`.
    @inlinable
    func integer(_ entry: Entry) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            var index = Int(entry.first)
            let end = index + Int(entry.second)
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var value = 0
            while index < end {
                let digit = Int(bytes[index] &- UInt8(ascii: "0"))
                let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (added, overflow2) = negative ? multiplied.subtractingReportingOverflow(digit) : multiplied.addingReportingOverflow(digit)
                if overflow1 || overflow2 { return nil }
                value = added
                index += 1
            }
            return value
        }
    }

    @usableFromInline
    func double(_ entry: Entry) -> Double? {
        Double(bytes.string(Int(entry.first)..<Int(entry.first + entry.second)))
    }

    /// A string with escapes decoded (surrogate pairs joined; a lone surrogate becomes U+FFFD).
    @usableFromInline
    func unescapedString(_ entry: Entry) -> String {
        let start = Int(entry.first)
        let end = start + Int(entry.second)
        // Decoded text is never longer than its escaped form (`\u` escapes of 6 or 12 bytes give
        // at most 4), so it is written straight into the string's storage, runs of plain bytes
        // a copy at a time. The parser has checked every escape.
        return bytes.withUnsafeBufferPointer { bytes in
            String(unsafeUninitializedCapacity: end - start) { output in
                guard let base = bytes.baseAddress else { return 0 }
                var written = 0
                var index = start
                func hex4(_ at: Int) -> UInt32 {
                    var value: UInt32 = 0
                    for offset in 0..<4 { value = value << 4 | UInt32(JSONTapeParser.hexValue(bytes[at + offset]) ?? 0) }
                    return value
                }
                while index < end {
                    // The next backslash, found by the C library's vectorized search: escapes are
                    // rare in long texts (a GitHub issue's body has one per line).
                    let run = memchr(base + index, Int32(UInt8(ascii: "\\")), end - index)
                        .map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? end
                    if run > index {
                        _ = UnsafeMutableBufferPointer(rebasing: output[written..<written + run - index])
                            .initialize(from: bytes[index..<run])
                        written += run - index
                        index = run
                    }
                    guard index + 1 < end else { break }
                    let escape = bytes[index + 1]
                    index += 2
                    let decoded: UInt8
                    switch escape {
                    case UInt8(ascii: "b"): decoded = 0x08
                    case UInt8(ascii: "f"): decoded = 0x0C
                    case UInt8(ascii: "n"): decoded = 0x0A
                    case UInt8(ascii: "r"): decoded = 0x0D
                    case UInt8(ascii: "t"): decoded = 0x09
                    case UInt8(ascii: "u"):
                        guard index + 4 <= end else { return written }
                        var code = hex4(index)
                        index += 4
                        if (0xD800...0xDBFF).contains(code), index + 6 <= end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            let low = hex4(index + 2)
                            if (0xDC00...0xDFFF).contains(low) {
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                                index += 6
                            }
                        }
                        for byte in (Unicode.Scalar(code) ?? "\u{FFFD}").utf8 {
                            output[written] = byte
                            written += 1
                        }
                        continue
                    default: decoded = escape
                    }
                    output[written] = decoded
                    written += 1
                }
                return written
            }
        }
    }
}
