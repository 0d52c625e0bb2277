extension DataDict {
    /// Decodes the data of `selections` from a response object, checking every value against its
    /// selection's type.
    ///
    /// - Throws: ``ResponseDecodingError`` with the path of the first mismatch: a missing non-null
    ///   field, a value of another type, a custom scalar that does not parse.
    public init(decoding object: ResponseObject, selections: [Selection]) throws {
        var values: [Value] = []
        values.reserveCapacity(selections.count)
        var typename: Typename = .unread
        for selection in selections {
            switch selection {
            case .field(let field):
                values.append(try Self.decode(field, in: object))
            case .inlineFragment(let model, let condition, let checksType):
                values.append(try Self.decode(model, condition: condition, checksType: checksType, in: object, typename: &typename))
            case .fragment(let model, let condition, let checksType):
                values.append(try Self.decode(model, condition: condition, checksType: checksType, in: object, typename: &typename))
            }
        }
        self.init(values: values)
    }

    /// The object's `__typename`, read when a type case first needs it.
    private enum Typename {
        case unread
        case read(String?)
    }

    private static func decode(_ field: Selection.Field, in object: ResponseObject) throws -> Value {
        let key = field.responseKey
        do {
            // A field that @include/@skip may leave out reads as nil, whatever its type.
            guard let value = object.value(forKey: key) else {
                if field.condition != nil { return .null }
                guard case .nonNull(let type) = field.type else { return .null }
                throw ResponseDecodingError(expected: type.expectedDescription, found: ResponseDecodingError.missing)
            }
            if field.condition != nil, value.isNull { return .null }
            return try decode(value, as: field.type)
        } catch let error as ResponseDecodingError {
            throw error.prefixed(by: .key(key))
        }
    }

    private static func decode(_ value: ResponseValue, as type: FieldType) throws -> Value {
        switch type {
        case .nonNull(let inner):
            // A null reaches the inner type's decoding, whose error says what it expected.
            return try decodeNonNull(value, as: inner)
        default:
            return value.isNull ? .null : try decodeNonNull(value, as: type)
        }
    }

    private static func decodeNonNull(_ value: ResponseValue, as type: FieldType) throws -> Value {
        switch type {
        case .scalar(let scalar):
            return try scalar.decodeDataDictValue(value)
        case .object(let model):
            return .object(try DataDict(decoding: value.decodeObject(), selections: model.__selections))
        case .list(let elementType):
            let list = try value.decodeList()
            var elements: [Value] = []
            elements.reserveCapacity(list.count)
            for element in list {
                do {
                    elements.append(try decode(element, as: elementType))
                } catch let error as ResponseDecodingError {
                    throw error.prefixed(by: .index(elements.count))
                }
            }
            return .list(elements)
        case .nonNull(let inner):
            return try decodeNonNull(value, as: inner)
        }
    }

    /// A type case or fragment: its data when it applies, else null. One that @include/@skip
    /// may leave out is null when a field it selects is missing.
    private static func decode(
        _ model: any SelectionSet.Type, condition: InclusionCondition?, checksType: Bool, in object: ResponseObject,
        typename: inout Typename
    ) throws -> Value {
        if checksType {
            if case .unread = typename { typename = .read(try? object.value(forKey: "__typename")?.decodeString()) }
            guard case .read(let name?) = typename, model.__parentType.isSatisfied(byTypename: name) else { return .null }
        }
        do {
            return .object(try DataDict(decoding: object, selections: model.__selections))
        } catch let error as ResponseDecodingError where condition != nil && error.isMissingField {
            return .null
        }
    }
}

extension FieldType {
    /// What a value of the type is, for error messages: `String`, `Hero`, `a list`.
    var expectedDescription: String {
        switch self {
        case .scalar(let scalar): return "\(scalar)"
        case .object(let model): return "\(model)"
        case .list: return "a list"
        case .nonNull(let inner): return inner.expectedDescription
        }
    }
}
