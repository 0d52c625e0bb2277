import OrionAPI

/// A model's data, read by position in its selections: a field's value, or the data of a type
/// case or fragment, which is an object exactly when its type condition held.
extension DataDict: NormalizerSource {
    func typename(in selections: [Selection]) -> String? {
        guard case .string(let typename)? = value(forResponseKey: "__typename", in: selections) else { return nil }
        return typename
    }

    /// `typename` is not needed: decoding has already decided which type cases apply.
    func forEachField(
        of metadata: SelectionSetMetadata, typename: String?, variables: [String: JSONValue],
        _ body: (Selection.Field, DataDict.Value) throws -> Void
    ) rethrows {
        for (selection, value) in zip(metadata.selections, values) {
            switch selection {
            case .field(let field):
                // Left out of the response: not stored, as the normalizer stores a response.
                if case .excluded = value { continue }
                // The variables decide, as they do for a response (data decoded without them
                // may hold what they exclude).
                if let condition = field.condition, !condition.evaluate(with: variables) { continue }
                try body(field, value)
            case .inlineFragment, .fragment, .deferred:
                guard case .object(let data) = value, let (model, _, condition) = selection.fragmentParts else { continue }
                if let condition, !condition.evaluate(with: variables) { continue }
                try data.forEachField(of: model.__metadata, typename: typename, variables: variables, body)
            }
        }
    }

    func withKeyFieldText<Result>(
        _ responseKey: String, in selections: [Selection], _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        guard let value = value(forResponseKey: responseKey, in: selections), !value.isNull else { return nil }
        var text = value.decodeJSON().cacheKeyText
        return text.withUTF8(body)
    }

    /// Built for the hook alone, as JSON of the model's data: models written from code are few,
    /// where the responses the hook reads in place are many.
    func responseObject(metadata: SelectionSetMetadata) -> ResponseObject? {
        guard let json = JSONValue(jsonObjectValue: jsonObject(metadata: metadata)) else { return nil }
        return try? JSONTape(json).root.decodeObject()
    }

    func objectCountIncludingNested(selections: [Selection]) -> Int { 0 }

    /// The value of the first field with this response key, in the selections or in the type
    /// cases and fragments that apply.
    private func value(forResponseKey key: String, in selections: [Selection]) -> DataDict.Value? {
        for (selection, value) in zip(selections, values) {
            switch selection {
            case .field(let field):
                guard field.responseKey == key else { continue }
                if case .excluded = value { continue }
                return value
            case .inlineFragment, .fragment, .deferred:
                guard case .object(let data) = value, let model = selection.fragmentParts?.model else { continue }
                if let found = data.value(forResponseKey: key, in: model.__metadata.selections) { return found }
            }
        }
        return nil
    }
}

extension DataDict.Value: NormalizerSourceValue {
    var isNull: Bool {
        switch self {
        // A failure is stored as the null the response held.
        case .null, .excluded, .failure: return true
        default: return false
        }
    }

    func decodeObject() throws -> DataDict {
        guard case .object(let data) = self else { throw ResponseDecodingError(expected: "an object", found: kindDescription) }
        return data
    }

    func decodeList() throws -> [DataDict.Value] {
        guard case .list(let elements) = self else { throw ResponseDecodingError(expected: "a list", found: kindDescription) }
        return elements
    }

    func decodeJSON() -> JSONValue {
        switch self {
        case .null, .excluded, .failure: return .null
        case .string(let value): return .string(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .bool(let value): return .bool(value)
        case .custom(let value): return value._jsonValue
        case .object, .list: return .null  // not a scalar: the selections say otherwise
        }
    }

    /// What the value is, for an error: only a `DataDict` built for other selections gets one.
    private var kindDescription: String {
        switch self {
        case .object: return "an object"
        case .list: return "a list"
        default: return "a scalar"
        }
    }
}
