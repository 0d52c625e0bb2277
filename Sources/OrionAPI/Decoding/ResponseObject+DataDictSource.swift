/// A response is the source decoding was first written for: a field is found by its response key.
extension ResponseObject: DataDictSource {
    @inlinable
    package func value(for field: Selection.Field) -> ResponseValue? {
        value(forKey: field.responseKey)
    }

    @inlinable
    package func value(for field: Selection.Field, hint: inout Int) -> ResponseValue? {
        let key = field.responseKey
        let found = key.utf8.withContiguousStorageIfAvailable { entryIndex(forKey: $0, hint: &hint) }
            ?? Array(key.utf8).withUnsafeBufferPointer { entryIndex(forKey: $0, hint: &hint) }
        return found.map { ResponseValue(tape: tape, index: $0) }
    }

    @inlinable
    package func typename() -> String? {
        try? value(forKey: "__typename")?.decodeString()
    }
}

extension ResponseValue: DataDictSourceValue {
    @inlinable
    package func decodeScalar(_ type: any ScalarType.Type) throws -> DataDict.Value {
        try type.decodeDataDictValue(self)
    }
}
