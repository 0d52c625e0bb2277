import OrionAPI

/// Automatic persisted queries: sends the document's hash alone; when the server answers
/// `PersistedQueryNotFound`, sends it again with the document, which registers it. Mutations
/// and uploads go with their document from the start; queries may go as GET.
public struct AutomaticPersistedQueryInterceptor: Interceptor {
    /// Whether the hash-only request of a query goes as GET (cacheable by CDNs).
    public let useGETForHashedQueries: Bool

    public init(useGETForHashedQueries: Bool = false) {
        self.useGETForHashedQueries = useGETForHashedQueries
    }

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        guard request.files.isEmpty else { return try await next(request) }
        var hashed = request
        hashed.sendsPersistedQueryHash = true
        hashed.sendsDocument = false
        if useGETForHashedQueries && Operation.operationType == .query { hashed.method = .get }
        let response: HTTPResponse<Operation>
        do {
            response = try await next(hashed)
        } catch let error as ResponseCodeError where Self.isNotFound(error.graphQLErrors) {
            return try await next(withDocument(request))
        }
        guard Self.isNotFound(response.result?.errors ?? []) else { return response }
        return try await next(withDocument(request))
    }

    private func withDocument<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) -> HTTPRequest<Operation> {
        var retry = request
        retry.sendsPersistedQueryHash = true
        retry.sendsDocument = true
        if Operation.operationType != .query { retry.method = .post }
        return retry
    }

    static func isNotFound(_ errors: [GraphQLError]) -> Bool {
        errors.contains { $0.code == "PERSISTED_QUERY_NOT_FOUND" || $0.message == "PersistedQueryNotFound" }
    }
}
