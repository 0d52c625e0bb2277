import Foundation

/// An object read through a ``TapeReader``: what ``ResponseObject`` is, without a reference to
/// the tape, so valid only during the reader's call. The source a response's models decode
/// from: a field is found by its response key.
@usableFromInline
package struct TapeObject: DataDictSource {
    @usableFromInline let reader: TapeReader
    @usableFromInline let index: Int

    @inlinable
    init(reader: TapeReader, index: Int) {
        self.reader = reader
        self.index = index
    }

    @inlinable
    package func value(for field: Selection.Field) -> TapeValue? {
        var hint = KeySearchHint()
        return value(for: field, hint: &hint)
    }

    @inlinable @inline(__always)
    package func value(for field: Selection.Field, hint: inout KeySearchHint) -> TapeValue? {
        if field.responseKeyHasQuote { return firstValue(forDecodedKey: field.responseKey) }
        return value(forKey: field.responseKeyBytes, hint: &hint)
    }

    /// The value under the key spelled `keyBytes`, searched from `hint` as
    /// ``TapeReader/entryIndex(inObjectAt:forKey:hint:)`` describes.
    @inlinable @inline(__always)
    func value(forKey keyBytes: UnsafeBufferPointer<UInt8>, hint: inout KeySearchHint) -> TapeValue? {
        reader.entryIndex(inObjectAt: index, forKey: keyBytes, hint: &hint).map { TapeValue(reader: reader, index: $0) }
    }

    /// The value under `key`, or `nil` when the object has no such key.
    @inlinable
    package func value(forKey key: String) -> TapeValue? {
        var utf8 = key
        return utf8.withUTF8 { bytes in
            // The key search compares text, which a quote in `key` could match across keys.
            if let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "\"")), bytes.count) != nil {
                return firstValue(forDecodedKey: key)
            }
            var hint = KeySearchHint()
            return value(forKey: bytes, hint: &hint)
        }
    }

    /// The value under `key`, which has no quote.
    @inlinable
    package func value(forKey key: StaticString) -> TapeValue? {
        var hint = KeySearchHint()
        return value(forKey: key, hint: &hint)
    }

    /// The value under `key`, which has no quote, searched from `hint` (lookups of distinct
    /// keys of one object share it).
    @inlinable
    package func value(forKey key: StaticString, hint: inout KeySearchHint) -> TapeValue? {
        key.withUTF8Buffer { bytes in value(forKey: bytes, hint: &hint) }
    }

    /// The value of the first member whose key, decoded, is `key`.
    @usableFromInline
    func firstValue(forDecodedKey key: String) -> TapeValue? {
        var cursor = index + 1
        let end = Int(reader.entries[index].second)
        while cursor < end {
            let value = reader.memberValue(at: cursor)
            if reader.key(ofMember: cursor) == key { return TapeValue(reader: reader, index: value) }
            cursor = reader.next(after: value)
        }
        return nil
    }

    @inlinable
    package func typename() -> String? {
        try? value(forKey: "__typename" as StaticString)?.decodeString()
    }

    /// How many objects this one holds at any depth, itself included: a bound on the records it
    /// normalizes into, for sizing their table once.
    package var objectCountIncludingNested: Int {
        var count = 0
        for entry in reader.entries[index..<Int(reader.entries[index].second)] where entry.kind == .object { count += 1 }
        return count
    }

    /// The object as a `ResponseObject`, which holds the tape: for what outlives the read.
    package var responseObject: ResponseObject { ResponseObject(tape: reader.tape, index: index) }

    /// Calls `body` with each field in order.
    func forEachField(_ body: (String, TapeValue) throws -> Void) rethrows {
        var cursor = index + 1
        let end = Int(reader.entries[index].second)
        while cursor < end {
            let value = reader.memberValue(at: cursor)
            try body(reader.key(ofMember: cursor), TapeValue(reader: reader, index: value))
            cursor = reader.next(after: value)
        }
    }
}

extension TapeValue: DataDictSourceValue {
    /// The built-in scalars are read here, in place; an enum or a custom scalar is read by its
    /// type from a `ResponseValue`, as a scalar of the app's would be.
    @inlinable
    package func decodeScalar(_ type: any ScalarType.Type) throws -> DataDict.Value {
        if type == String.self { return .string(try decodeString()) }
        if type == Int.self { return .int(try decodeInt()) }
        if type == Bool.self { return .bool(try decodeBool()) }
        if type == Double.self { return .double(try decodeDouble()) }
        return try type.decodeDataDictValue(responseValue)
    }

    /// The GraphQL error located at this value (see `ResponseValue.locatingFieldErrors`).
    @inlinable
    package var graphQLError: GraphQLError? {
        let errors = reader.tape.fieldErrors
        return errors.isEmpty ? nil : errors[index]
    }
}
