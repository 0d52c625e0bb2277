import Foundation

extension DataDict {
    /// The data as `JSONSerialization` would have parsed it: the fields of `metadata`'s
    /// selections, with those of the type cases and fragments that apply merged in. A field that
    /// @include/@skip left out is absent; one they included is there, `null` if it was.
    ///
    /// - Parameters:
    ///   - metadata: the metadata of the data's model.
    ///   - impliedTypename: whether to write the `__typename` that selections on an object type
    ///     leave out (the type's name, which the server sent): for an object that is a field's
    ///     value, not for an operation's root data, which the server sends without one.
    public func jsonObject(metadata: SelectionSetMetadata, impliedTypename: Bool = true) -> [String: Any] {
        let selections = metadata.selections
        var object: [String: Any] = [:]
        object.reserveCapacity(selections.count + 1)
        if impliedTypename, let typename = metadata.impliedTypename { object["__typename"] = typename }
        var views: [(DataDict, any SelectionSet.Type)] = []
        for (selection, value) in zip(selections, values) {
            switch selection {
            case .field(let field):
                if case .excluded = value { continue }
                object[field.responseKey] = value.jsonObjectValue(field.type)
            case .inlineFragment, .fragment, .deferred:
                guard case .object(let data) = value, let model = selection.fragmentParts?.model else { continue }
                views.append((data, model))
            }
        }
        // A view's object type, if it has one, is this object's: the object writes its name.
        for (data, model) in views { mergeJSONObject(&object, data.jsonObject(metadata: model.__metadata, impliedTypename: false)) }
        return object
    }
}

extension DataDict.Value {
    /// The value as `JSONSerialization` would have parsed it; `type` names the models of objects.
    func jsonObjectValue(_ type: FieldType) -> Any {
        switch self {
        // The response held null where the error was.
        case .null, .failure: return NSNull()
        // Only a field's own value is excluded, and `jsonObject(metadata:)` leaves those out.
        case .excluded: return NSNull()
        case .string(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .bool(let value): return value
        case .custom(let value): return value.jsonObjectValue
        case .object(let data):
            guard let model = type.selectionSet else { return [String: Any]() }
            return data.jsonObject(metadata: model.__metadata)
        case .list(let elements):
            guard case .list(let elementType) = type.withoutNonNull else { return [Any]() }
            return elements.map { $0.jsonObjectValue(elementType) }
        }
    }
}
