import OrionAPI

/// Automatic persisted queries: sends the document's hash alone; when the server answers
/// `PersistedQueryNotFound`, sends it again with the document, which registers it. Mutations
/// and uploads go with their document from the start; queries may go as GET.
///
/// For a server that safelists operations and never registers new ones, use
/// ``PersistedQueryInterceptor`` instead: it never sends the text.
public struct AutomaticPersistedQueryInterceptor: Interceptor {
    /// Whether the hash-only request of a query goes as GET (cacheable by CDNs).
    public let useGETForHashedQueries: Bool

    /// - Parameter useGETForHashedQueries: Whether the hash-only request of a query goes as GET.
    public init(useGETForHashedQueries: Bool = false) {
        self.useGETForHashedQueries = useGETForHashedQueries
    }

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        guard request.files.isEmpty else { return try await next(request) }
        let response: HTTPResponse<Operation>
        do {
            response = try await next(request.identifiedOnly(usingGETForQueries: useGETForHashedQueries))
        } catch let error as ResponseCodeError where Self.isNotFound(error.graphQLErrors) {
            return try await next(request.identifiedWithDocument())
        }
        guard Self.isNotFound(response.result?.errors ?? []) else { return response }
        return try await next(request.identifiedWithDocument())
    }

    /// The answer of a server that does not know the hash yet (Apollo Server's code and message).
    static func isNotFound(_ errors: [GraphQLError]) -> Bool {
        errors.contains { $0.code == "PERSISTED_QUERY_NOT_FOUND" || $0.message == "PersistedQueryNotFound" }
    }
}
