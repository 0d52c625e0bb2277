import OrionAPI

extension MockObject {
    /// The JSON object a server would answer `selections` with for this mock, which the
    /// model's response decoding then reads: there is one decoding path, for responses and mocks
    /// alike, and so one set of errors.
    ///
    /// The walk follows the selections' metadata:
    /// - a field is written under its response key (every alias of a field gets the field's one
    ///   value; arguments are ignored), `__typename` from the mock's type;
    /// - a field not set is left out, so that decoding reports a non-null one missing with its
    ///   path; a nullable one is written `null`, unless @include/@skip makes it conditional,
    ///   when absence is what excludes it;
    /// - a type case or fragment adds its fields when the mock's `__typename` satisfies its type
    ///   (by the schema metadata's possible types), objects merging field by field.
    ///
    /// - Throws: `ResponseDecodingError` with the path of a value set through
    ///   ``subscript(field:)`` that is not of the field's type.
    public func responseObject(for selections: [Selection]) throws -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        try write(selections, into: &object)
        return object
    }

    private func write(_ selections: [Selection], into object: inout [String: JSONValue]) throws {
        for selection in selections {
            switch selection {
            case .field(let field):
                guard let value = try value(of: field) else { continue }
                Self.merge(value, into: &object, key: field.responseKey)
            case .inlineFragment, .fragment, .deferred:
                guard let (model, checksType, _) = selection.fragmentParts else { continue }
                if checksType, !model.__parentType.isSatisfied(byTypename: __typename) { continue }
                try write(model.__selections, into: &object)
            }
        }
    }

    /// The field's JSON, or `nil` to leave it out.
    private func value(of field: Selection.Field) throws -> JSONValue? {
        if field.name == "__typename" { return .string(__typename) }
        guard let value = fields[field.name] else {
            if case .nonNull = field.type { return nil }
            return field.condition == nil ? .null : nil
        }
        do {
            return try Self.json(value, as: field.type)
        } catch let error as ResponseDecodingError {
            throw error.prefixed(by: .key(field.responseKey))
        }
    }

    private static func json(_ value: Any, as type: FieldType) throws -> JSONValue {
        guard let value = unwrapped(value) else { return .null }
        switch type.withoutNonNull {
        case .object(let model):
            guard let mock = value as? MockObject else { throw mismatch(value, expected: "a mock of \(typeName(model.__parentType))") }
            return .object(try mock.responseObject(for: model.__selections))
        case .list(let elementType):
            guard let elements = value as? [Any] else { throw mismatch(value, expected: "an array") }
            var list: [JSONValue] = []
            list.reserveCapacity(elements.count)
            for element in elements {
                do {
                    list.append(try json(element, as: elementType))
                } catch let error as ResponseDecodingError {
                    throw error.prefixed(by: .index(list.count))
                }
            }
            return .list(list)
        case .scalar(let scalar):
            if let enumValue = value as? any EnumType { return .string(enumValue.rawValue) }
            guard let convertible = value as? any JSONValueConvertible else { throw mismatch(value, expected: "\(scalar)") }
            return convertible.jsonValue
        case .nonNull:
            // `withoutNonNull` removed every wrapper.
            throw mismatch(value, expected: "a value")
        }
    }

    /// `value` without its `Optional` wrappers; `nil` for a `nil` of any depth.
    private static func unwrapped(_ value: Any) -> Any? {
        guard let optional = value as? any OptionalValue else { return value }
        return optional.wrappedValue.flatMap(unwrapped)
    }

    private static func typeName(_ type: ParentType) -> String {
        switch type {
        case .object(let object): return object.typename
        case .interface(let interface): return interface.name
        case .union(let union): return union.name
        }
    }

    private static func mismatch(_ value: Any, expected: String) -> ResponseDecodingError {
        ResponseDecodingError(expected: expected, found: "a mock value of type \(type(of: value))")
    }

    /// Writes `value` under `key`, merging objects (and lists of objects, element by element)
    /// with what other selections of the same key wrote there.
    private static func merge(_ value: JSONValue, into object: inout [String: JSONValue], key: String) {
        guard let existing = object[key] else {
            object[key] = value
            return
        }
        object[key] = merged(existing, value)
    }

    private static func merged(_ left: JSONValue, _ right: JSONValue) -> JSONValue {
        switch (left, right) {
        case (.object(var leftFields), .object(let rightFields)):
            for (key, value) in rightFields { merge(value, into: &leftFields, key: key) }
            return .object(leftFields)
        case (.list(let leftElements), .list(let rightElements)) where leftElements.count == rightElements.count:
            return .list(zip(leftElements, rightElements).map(merged))
        default:
            return right
        }
    }
}

/// An `Optional` of any wrapped type, to unwrap a value the mock holds as `Any`.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { map { $0 as Any } }
}
