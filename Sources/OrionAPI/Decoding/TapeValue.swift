/// A value read through a ``TapeReader``: what ``ResponseValue`` is, without a reference to
/// the tape, so valid only during the reader's call. The one implementation of reading each
/// kind of value; `ResponseValue`'s methods call these.
@usableFromInline
package struct TapeValue {
    @usableFromInline let reader: TapeReader
    @usableFromInline let index: Int

    @inlinable
    init(reader: TapeReader, index: Int) {
        self.reader = reader
        self.index = index
    }

    @inlinable @inline(__always)
    var entry: JSONTape.Entry { reader.entries[index] }

    @inlinable @inline(__always)
    package var isNull: Bool { entry.kind == .null }

    /// Calls `body` with the UTF-8 text of a string without escapes, read in place, where no
    /// `String` needs to be made of it; `nil` without calling it for any other value.
    @inlinable
    package func withUnescapedStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let entry = self.entry
        guard entry.kind == .string, !entry.flag else { return nil }
        return body(UnsafeBufferPointer(rebasing: reader.bytes[Int(entry.offset)..<Int(entry.offset + entry.second)]))
    }

    @inlinable
    package func decodeString() throws -> String {
        let entry = self.entry
        guard entry.kind == .string else { throw mismatch("String") }
        return reader.string(entry)
    }

    @inlinable
    func decodeInt() throws -> Int {
        let entry = self.entry
        guard entry.kind == .number else { throw mismatch("Int") }
        if !entry.flag, let int = reader.integer(entry) { return int }
        guard let double = reader.double(entry), double.rounded() == double, let int = Int(exactly: double) else { throw mismatch("Int") }
        return int
    }

    @inlinable
    func decodeDouble() throws -> Double {
        let entry = self.entry
        guard entry.kind == .number else { throw mismatch("Double") }
        if !entry.flag, let int = reader.integer(entry) { return Double(int) }
        guard let double = reader.double(entry) else { throw mismatch("Double") }
        return double
    }

    @inlinable
    func decodeBool() throws -> Bool {
        switch entry.kind {
        case .true: return true
        case .false: return false
        default: throw mismatch("Bool")
        }
    }

    @inlinable
    package func decodeObject() throws -> TapeObject {
        guard entry.kind == .object else { throw mismatch("an object") }
        return TapeObject(reader: reader, index: index)
    }

    @inlinable
    package func decodeList() throws -> TapeList {
        guard entry.kind == .array else { throw mismatch("a list") }
        return TapeList(reader: reader, index: index)
    }

    /// The value as JSON, for custom scalars and the cache.
    package func decodeJSON() -> JSONValue {
        let entry = self.entry
        switch entry.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number:
            if !entry.flag, let int = reader.integer(entry) { return .int(int) }
            return .double(reader.double(entry) ?? .nan)
        case .string: return .string(reader.string(entry))
        case .array: return .list(TapeList(reader: reader, index: index).map { $0.decodeJSON() })
        case .object:
            var fields: [String: JSONValue] = [:]
            TapeObject(reader: reader, index: index).forEachField { key, value in fields[key] = value.decodeJSON() }
            return .object(fields)
        case .key: preconditionFailure("a key entry read as a value")
        }
    }

    /// The value as a `ResponseValue`, which holds the tape: for what outlives the read.
    @usableFromInline
    package var responseValue: ResponseValue { ResponseValue(tape: reader.tape, index: index) }

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
        case .number: return reader.text(entry)
        case .string:
            let text = reader.string(entry)
            return text.count > 40 ? "a string" : "\"\(text)\""
        case .array: return "a list"
        case .object: return "an object"
        case .key: return "a key"
        }
    }
}

/// The elements of a list read through a ``TapeReader``, walked in place: a collection whose
/// indices are the elements' entry indices.
@usableFromInline
package struct TapeList: Collection {
    @usableFromInline let reader: TapeReader
    @usableFromInline let index: Int

    @inlinable
    init(reader: TapeReader, index: Int) {
        self.reader = reader
        self.index = index
    }

    @inlinable package var startIndex: Int { index + 1 }
    @inlinable package var endIndex: Int { Int(reader.entries[index].second) }
    @inlinable package func index(after position: Int) -> Int { reader.next(after: position) }
    @inlinable package subscript(position: Int) -> TapeValue { TapeValue(reader: reader, index: position) }
}
