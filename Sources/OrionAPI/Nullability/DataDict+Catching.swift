extension DataDict {
    /// A field that catches errors (`@catch`, `@catchByDefault`): the slow path of decoding,
    /// taken only by such fields, and looking for an error only when it meets a null, so that a
    /// response without errors decodes at the cost of one without the directives.
    ///
    /// A. A null with the server's error (located beforehand by
    ///    `ResponseValue.locatingFieldErrors`): `result` keeps the error, `null` reads nil,
    ///    `throw` throws it, with the field's path, to the nearest field around that catches.
    /// B. A null without an error where the type promises a value (`@semanticNonNull`, read from
    ///    the cache, which keeps the null of a failed field and not its error): handled as A,
    ///    with an error saying so, so that data read back from the cache fails where the
    ///    response it was written from failed.
    /// C. Otherwise the field decodes as any other; an error thrown from a field inside it
    ///    stops here unless this field throws too.
    @usableFromInline
    static func decode<Source: DataDictSource>(
        _ field: Selection.Field, catching catchTo: CatchTo, in object: Source, variables: [String: JSONValue]?
    ) throws -> Value {
        do {
            if let condition = field.condition, let variables, !condition.evaluate(with: variables) { return .excluded }
            let value = try object.value(for: field)
            if let value, value.isNull {
                // A
                if let error = value.graphQLError {
                    switch catchTo {
                    case .result: return .failure(error)
                    case .null: return .null
                    case .throw: throw ResponseDecodingError(graphQLError: error)
                    }
                }
                // B
                if case .nonNull = field.type {
                    switch catchTo {
                    case .result: return .failure(unexplainedNull(field))
                    case .null: return .null
                    case .throw: throw ResponseDecodingError(graphQLError: unexplainedNull(field))
                    }
                }
            }
            // C
            do {
                return try decode(field, value: value, variables: variables)
            } catch let error as ResponseDecodingError where catchTo != .throw && error.graphQLError != nil {
                guard case .result = catchTo, let graphQLError = error.graphQLError else { return .null }
                return .failure(graphQLError)
            }
        } catch let error as ResponseDecodingError {
            throw error.prefixed(by: .key(field.responseKey))
        }
    }

    /// B: the failure of a field that promises a value and holds null without an error.
    static func unexplainedNull(_ field: Selection.Field) -> GraphQLError {
        GraphQLError(message: "\"\(field.responseKey)\" is null where the schema promises a value (@semanticNonNull), and no error explains it: read from the cache, which keeps no errors, it is the null of a field that failed in the response the cache was written from.")
    }
}
