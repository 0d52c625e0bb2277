extension DataDict {
    /// Decodes the data of `selections` from a response object, checking every value against its
    /// selection's type.
    ///
    /// - Parameters:
    ///   - object: the response object to decode.
    ///   - selections: the model's selections (its `__selections`).
    ///   - variables: the variables the operation was executed with, its variables'
    ///     default values filled in for those it did not send (`GraphQLOperation.variablesWithDefaults`).
    ///     With them, a selection that @include/@skip excludes is ``Value/excluded`` whatever the
    ///     response holds, and one they include must be in the response. `nil` when they are not
    ///     known: the response decides, and a conditional selection it lacks is excluded.
    /// - Throws: ``ResponseDecodingError`` with the path of the first mismatch: a missing non-null
    ///   or included field, a value of another type, a custom scalar that does not parse.
    public init(decoding object: ResponseObject, selections: [Selection], variables: [String: JSONValue]? = nil) throws {
        let fields = SelectionSetMetadata.unretainedFields(of: selections)
        self = try withExtendedLifetime(selections) {
            try object.withTapeObject { try DataDict(from: $0, selections: selections, fields: fields, variables: variables) }
        }
    }

    /// ``init(decoding:selections:variables:)`` of a model, by its metadata.
    @inlinable
    package init(decoding object: ResponseObject, metadata: SelectionSetMetadata, variables: [String: JSONValue]?) throws {
        self = try object.withTapeObject { try DataDict(from: $0, metadata: metadata, variables: variables) }
    }

    /// Decodes the data of a model from any source of objects: a response, or the cache's
    /// records. `variables` as in ``init(decoding:selections:variables:)``.
    ///
    /// Inlinable so that each source gets code of its own, as fast as if written for it: the
    /// response in this module, the cache's records in the module that reads them.
    @inlinable
    package init<Source: DataDictSource>(from object: Source, metadata: SelectionSetMetadata, variables: [String: JSONValue]?) throws {
        try self.init(from: object, selections: metadata.selections, fields: metadata.fields, variables: variables)
    }

    /// `fields`: the fields of `selections`, unretained (`SelectionSetMetadata.fields`), each
    /// read in place rather than bound out of its selection.
    @inlinable
    init<Source: DataDictSource>(
        from object: Source, selections: [Selection], fields: [Unmanaged<Selection.Field>?], variables: [String: JSONValue]?
    ) throws {
        let data = DataDict(capacity: selections.count)
        var typename: Typename = .unread
        var hint = KeySearchHint()
        for index in selections.indices {
            if let field = fields[index] {
                data.append(try field._withUnsafeGuaranteedRef { field in try Self.decode(field, in: object, hint: &hint, variables: variables) })
                continue
            }
            switch selections[index] {
            case .field(let field):
                data.append(try Self.decode(field, in: object, hint: &hint, variables: variables))
            case .inlineFragment(let model, let condition, let checksType):
                data.append(try Self.decode(model, condition: condition, checksType: checksType, in: object, variables: variables, typename: &typename))
            case .fragment(let model, let condition, let checksType):
                data.append(try Self.decode(model, condition: condition, checksType: checksType, in: object, variables: variables, typename: &typename))
            case .deferred(let model, _, let checksType):
                data.append(try Self.decodeDeferred(model, checksType: checksType, in: object, variables: variables, typename: &typename))
            }
        }
        self = data
    }

    /// The object's `__typename`, read when a type case first needs it.
    @usableFromInline
    enum Typename {
        case unread
        case read(String?)
    }

    @inlinable
    static func decode<Source: DataDictSource>(_ field: Selection.Field, in object: Source, hint: inout KeySearchHint, variables: [String: JSONValue]?) throws -> Value {
        // Only the fields of a schema that imports the nullability directives catch errors.
        if let catchTo = field.catchTo { return try decode(field, catching: catchTo, in: object, variables: variables) }
        do {
            // Excluded by the variables, whatever the response holds (another selection of
            // the same key, in a fragment, may have brought it).
            if let condition = field.condition, let variables, !condition.evaluate(with: variables) { return .excluded }
            return try decode(field, value: object.value(for: field, hint: &hint), variables: variables)
        } catch let error as ResponseDecodingError {
            throw error.prefixed(by: .key(field.responseKey))
        }
    }

    /// A field's value, found in its object (`nil` when absent) and not excluded by the
    /// variables. Errors have the path below the field. Always inlined: it is the body of every
    /// field's decoding, which a call per field would slow.
    @inlinable @inline(__always)
    static func decode<SourceValue: DataDictSourceValue>(_ field: Selection.Field, value: SourceValue?, variables: [String: JSONValue]?) throws -> Value {
        guard field.condition != nil else {
            guard let value else {
                guard case .nonNull(let type) = field.type else { return .null }
                throw ResponseDecodingError(expected: type.expectedDescription, found: ResponseDecodingError.missing)
            }
            return try decode(value, of: field, variables: variables)
        }
        guard let value else {
            // Included by the variables, so the server must have sent it.
            guard variables == nil else {
                throw ResponseDecodingError(expected: field.type.expectedDescription, found: ResponseDecodingError.missing)
            }
            return .excluded
        }
        // Its property is optional whatever its type, so a null reads as nil.
        if value.isNull { return .null }
        return try decode(value, of: field, variables: variables)
    }

    /// A present value of `field`: `decode(_:as:variables:)` with its type, read from its flat
    /// shape where it is a scalar or an object.
    @inlinable @inline(__always)
    static func decode<SourceValue: DataDictSourceValue>(_ value: SourceValue, of field: Selection.Field, variables: [String: JSONValue]?) throws -> Value {
        switch field.shape {
        case .scalar(let scalar, let nonNull):
            // A null reaches a non-null value's decoding, whose error says what it expected.
            return !nonNull && value.isNull ? .null : try value.decodeScalar(scalar)
        case .object(let model, let nonNull):
            return !nonNull && value.isNull ? .null : try decodeObject(value, as: model, variables: variables)
        case .other:
            return try decode(value, as: field.type, variables: variables)
        }
    }

    @inlinable
    static func decodeObject<SourceValue: DataDictSourceValue>(_ value: SourceValue, as model: any SelectionSet.Type, variables: [String: JSONValue]?) throws -> Value {
        .object(try DataDict(from: value.decodeObject(), metadata: model.__metadata, variables: variables))
    }

    @inlinable
    static func decode<SourceValue: DataDictSourceValue>(_ value: SourceValue, as type: FieldType, variables: [String: JSONValue]?) throws -> Value {
        switch type {
        case .nonNull(let inner):
            // A null reaches the inner type's decoding, whose error says what it expected.
            return try decodeNonNull(value, as: inner, variables: variables)
        default:
            return value.isNull ? .null : try decodeNonNull(value, as: type, variables: variables)
        }
    }

    @inlinable
    static func decodeNonNull<SourceValue: DataDictSourceValue>(_ value: SourceValue, as type: FieldType, variables: [String: JSONValue]?) throws -> Value {
        switch type {
        case .scalar(let scalar):
            return try value.decodeScalar(scalar)
        case .object(let model):
            return try decodeObject(value, as: model, variables: variables)
        case .list(let elementType):
            let list = try value.decodeList()
            var elements: [Value] = []
            elements.reserveCapacity(list.count)
            for element in list {
                do {
                    elements.append(try decode(element, as: elementType, variables: variables))
                } catch let error as ResponseDecodingError {
                    throw error.prefixed(by: .index(elements.count))
                }
            }
            return .list(elements)
        case .nonNull(let inner):
            return try decodeNonNull(value, as: inner, variables: variables)
        }
    }

    /// A type case or fragment: its data when its type condition holds, else null; excluded
    /// when its @include/@skip condition is false, or, without variables, when the response
    /// lacks a field it selects. It reads the same object as the selections around it.
    @inlinable
    static func decode<Source: DataDictSource>(
        _ model: any SelectionSet.Type, condition: InclusionCondition?, checksType: Bool, in object: Source,
        variables: [String: JSONValue]?, typename: inout Typename
    ) throws -> Value {
        // The type condition first, so that the same response decodes to the same value with
        // variables and without.
        if checksType {
            if case .unread = typename { typename = .read(object.typename()) }
            guard case .read(let name?) = typename, model.__metadata.parentType.isSatisfied(byTypename: name) else { return .null }
        }
        guard let condition else {
            return .object(try DataDict(from: object, metadata: model.__metadata, variables: variables))
        }
        if let variables {
            guard condition.evaluate(with: variables) else { return .excluded }
            // Included, so the server sent each of its fields: one missing is an error with its
            // path, a nullable one too (which would otherwise decode as null).
            if let missing = try Self.firstMissingField(of: model.__metadata.selections, in: object) {
                throw ResponseDecodingError(expected: missing.type.expectedDescription, found: ResponseDecodingError.missing)
                    .prefixed(by: .key(missing.responseKey))
            }
            return .object(try DataDict(from: object, metadata: model.__metadata, variables: variables))
        }
        // Without variables the response decides: included when it has every field of the
        // selections (a nullable one too), else excluded.
        guard try Self.firstMissingField(of: model.__metadata.selections, in: object) == nil else { return .excluded }
        do {
            return .object(try DataDict(from: object, metadata: model.__metadata, variables: nil))
        } catch let error as ResponseDecodingError where error.isMissingField {
            return .excluded
        }
    }

    /// A deferred fragment: its data when every field it selects is there (its later payload
    /// merged in, or `@defer(if: false)`), ``Value/excluded`` (which reads as pending) while the
    /// object, or an object inside it, lacks one; null when its type condition does not hold.
    @inlinable
    static func decodeDeferred<Source: DataDictSource>(
        _ model: any SelectionSet.Type, checksType: Bool, in object: Source, variables: [String: JSONValue]?, typename: inout Typename
    ) throws -> Value {
        if checksType {
            if case .unread = typename { typename = .read(object.typename()) }
            guard case .read(let name?) = typename, model.__metadata.parentType.isSatisfied(byTypename: name) else { return .null }
        }
        do {
            return .object(try DataDict(from: object, metadata: model.__metadata, variables: variables))
        } catch where Source.isAbsence(error) {
            return .excluded
        }
    }

    /// The first unconditional field of `selections` that the object lacks.
    @inlinable
    static func firstMissingField<Source: DataDictSource>(of selections: [Selection], in object: Source) throws -> Selection.Field? {
        for case .field(let field) in selections where field.condition == nil {
            if try object.value(for: field) == nil { return field }
        }
        return nil
    }
}

extension FieldType {
    /// What a value of the type is, for error messages: `String`, `Hero`, `a list`.
    @usableFromInline
    var expectedDescription: String {
        switch self {
        case .scalar(let scalar): return "\(scalar)"
        case .object(let model): return "\(model)"
        case .list: return "a list"
        case .nonNull(let inner): return inner.expectedDescription
        }
    }
}
