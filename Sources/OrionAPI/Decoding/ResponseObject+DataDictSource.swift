/// A response is the source decoding was first written for: a field is found by its response key.
extension ResponseObject: DataDictSource {
    @inlinable
    package func value(for field: Selection.Field) -> ResponseValue? {
        value(forKey: field.responseKey)
    }

    @inlinable @inline(__always)
    package func value(for field: Selection.Field, hint: inout Int) -> ResponseValue? {
        entryIndex(forKey: field.responseKeyBytes, hint: &hint).map { ResponseValue(tape: tape, index: $0) }
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
