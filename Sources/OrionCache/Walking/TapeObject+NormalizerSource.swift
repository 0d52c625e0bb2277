import OrionAPI

/// A server's response, read through the tape's reader for the length of the write: fields are
/// found by response key, and only those it sent are stored.
extension TapeObject: NormalizerSource {
    func typename(in selections: [Selection]) -> String? {
        // Without `field(_:as:)`, whose error for a missing key (most results of root fields
        // have none) costs more than the lookup.
        guard let value = value(forKey: "__typename" as StaticString) else { return nil }
        return try? value.decodeString()
    }

    @inline(__always)
    func forEachField(
        of metadata: SelectionSetMetadata, typename: String?, variables: [String: JSONValue],
        _ body: (Selection.Field, TapeValue) throws -> Void
    ) rethrows {
        // Fields come in the selections' order: each lookup starts after the last key found.
        try metadata.forEachField(typename: typename, variables: variables) { field, hint in
            guard let value = value(for: field, hint: &hint) else { return }
            try body(field, value)
        }
    }

    func withKeyFieldText<Result>(
        _ responseKey: String, in selections: [Selection], _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        guard let value = value(forKey: responseKey), !value.isNull else { return nil }
        // A string without escapes (nearly every id) is its text: the key is written from the
        // response's bytes, with no string decoded on the way.
        if let written = value.withUnescapedStringBytes(body) { return written }
        var text = value.decodeJSON().cacheKeyText
        return text.withUTF8(body)
    }

    func responseObject(metadata: SelectionSetMetadata) -> ResponseObject? { responseObject }

    func objectCountIncludingNested(selections: [Selection]) -> Int { objectCountIncludingNested }
}

extension TapeValue: NormalizerSourceValue {}
