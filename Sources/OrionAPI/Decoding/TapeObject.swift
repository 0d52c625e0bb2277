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
        var hint = 0
        return value(for: field, hint: &hint)
    }

    @inlinable @inline(__always)
    package func value(for field: Selection.Field, hint: inout Int) -> TapeValue? {
        value(forKey: field.responseKeyBytes, hint: &hint)
    }

    /// The value under the key spelled `keyBytes`, searched from `hint` as
    /// ``TapeReader/entryIndex(inObjectAt:forKey:hint:)`` describes.
    @inlinable @inline(__always)
    func value(forKey keyBytes: UnsafeBufferPointer<UInt8>, hint: inout Int) -> TapeValue? {
        reader.entryIndex(inObjectAt: index, forKey: keyBytes, hint: &hint).map { TapeValue(reader: reader, index: $0) }
    }

    /// The value under `key`, or `nil` when the object has no such key.
    @inlinable
    package func value(forKey key: String) -> TapeValue? {
        var hint = 0
        var key = key
        return key.withUTF8 { value(forKey: $0, hint: &hint) }
    }

    @inlinable
    package func typename() -> String? {
        try? value(forKey: "__typename")?.decodeString()
    }

    /// How many objects this one holds at any depth, itself included: a bound on the records it
    /// normalizes into, for sizing their table once.
    package var objectCountIncludingNested: Int {
        var count = 0
        for entry in reader.entries[index..<Int(reader.entries[index].first)] where entry.kind == .object { count += 1 }
        return count
    }

    /// The object as a `ResponseObject`, which holds the tape: for what outlives the read.
    package var responseObject: ResponseObject { ResponseObject(tape: reader.tape, index: index) }

    /// Calls `body` with each field in order.
    func forEachField(_ body: (String, TapeValue) throws -> Void) rethrows {
        var cursor = index + 1
        let end = Int(reader.entries[index].first)
        while cursor < end {
            let key = (try? TapeValue(reader: reader, index: cursor).decodeString()) ?? ""
            try body(key, TapeValue(reader: reader, index: cursor + 1))
            cursor = reader.next(after: cursor + 1)
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
