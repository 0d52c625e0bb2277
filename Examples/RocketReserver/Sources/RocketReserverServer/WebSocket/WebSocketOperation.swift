/// Starts an operation sent over a WebSocket (either protocol): queries and mutations give
/// one result, subscriptions a stream of them.
enum WebSocketOperation {
    enum Start {
        /// Request errors: nothing runs.
        case errors([ResponseError])
        case single(ExecutionOutcome)
        case stream(SubscriptionEvents)
    }

    static func start(_ payload: GraphQLRequestPayload, services: ServerServices, user: User?, origin: String) async -> Start {
        let resolved: String?
        switch await services.resolveQuery(payload) {
        // Automatic persisted queries are not registered over WebSocket, only run.
        case .query(let text, _): resolved = text
        case .refused(let error, _): return .errors([error])
        }
        guard let query = resolved, !query.isEmpty else {
            return .errors([ResponseError(message: "The operation has no \"query\".", code: ErrorCode.badRequest)])
        }
        let kind: OperationKind
        switch services.executor.check(query: query, operationName: payload.operationName) {
        case .success(let checked): kind = checked
        case .failure(let failure): return .errors(failure.errors)
        }
        let context = ResolverContext(services: services, user: user, origin: origin)
        guard kind == .subscription else {
            return .single(await services.executor.execute(query: query, operationName: payload.operationName, variables: payload.variables, context: context))
        }
        switch await services.executor.subscribe(query: query, operationName: payload.operationName, variables: payload.variables, context: context) {
        case .success(let events): return .stream(events)
        case .failure(let failure): return .errors(failure.errors)
        }
    }
}
