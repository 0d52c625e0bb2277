import GraphQL

/// Runs operations: Orion checks the document, then GraphQLSwift executes it.
struct GraphQLExecutor: Sendable {
    let schema: GraphQLSchema
    let checker: DocumentChecker

    /// The selected operation's kind, or the request errors that stop it from running.
    func check(query: String, operationName: String?) -> Result<OperationKind, RequestErrors> {
        checker.check(query: query, operationName: operationName)
    }

    /// Executes a query or mutation the checker accepted.
    func execute(query: String, operationName: String?, variables: [String: Map], context: ResolverContext) async -> ExecutionOutcome {
        do {
            // Orion validated already, with all of the rules: GraphQLSwift's are skipped.
            let result = try await graphql(
                schema: schema,
                request: query,
                context: context,
                variableValues: variables,
                operationName: operationName,
                validationRules: []
            )
            return Self.outcome(result)
        } catch {
            return .requestErrors([Self.responseError(error)])
        }
    }

    /// Starts a subscription the checker accepted: its events, or the errors that stopped it
    /// (bad variables, for instance).
    func subscribe(query: String, operationName: String?, variables: [String: Map], context: ResolverContext) async -> Result<SubscriptionEvents, RequestErrors> {
        do {
            let result = try await graphqlSubscribe(
                schema: schema,
                request: query,
                context: context,
                variableValues: variables,
                operationName: operationName,
                validationRules: []
            )
            switch result {
            case .success(let stream): return .success(SubscriptionEvents(base: stream))
            case .failure(let errors): return .failure(RequestErrors(errors.errors.map(Self.responseError)))
            }
        } catch {
            return .failure(RequestErrors([Self.responseError(error)]))
        }
    }

    static func outcome(_ result: GraphQLResult) -> ExecutionOutcome {
        let errors = result.errors.map(responseError)
        if let data = result.data {
            return ExecutionOutcome(hasData: true, data: data, errors: errors)
        }
        // GraphQLSwift drops `data` when a field error reaches the root; such errors have a
        // path, while request errors (variables that do not coerce) have none.
        let executed = errors.contains { !$0.path.isEmpty }
        return ExecutionOutcome(hasData: executed, data: executed ? .null : nil, errors: errors)
    }

    static func responseError(_ error: any Error) -> ResponseError {
        guard let error = error as? GraphQLError else {
            return ResponseError(message: String(describing: error))
        }
        return ResponseError(
            message: error.message,
            locations: error.locations.map { ResponseError.Position(line: $0.line, column: $0.column) },
            path: error.path.elements.map { element in
                switch element {
                case .index(let index): .index(index)
                case .key(let key): .key(key)
                }
            },
            code: (error.originalError as? FieldError)?.code ?? error.extensions["code"]?.string
        )
    }
}

/// The events of a subscription, as response outcomes.
struct SubscriptionEvents: AsyncSequence, Sendable {
    typealias Element = ExecutionOutcome

    let base: AsyncThrowingStream<GraphQLResult, any Error>

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<GraphQLResult, any Error>.AsyncIterator

        mutating func next() async throws -> ExecutionOutcome? {
            guard let result = try await base.next() else { return nil }
            return GraphQLExecutor.outcome(result)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator())
    }
}
