import OrionAPI

/// Safelisted persisted queries: every operation is sent by its id alone
/// (`extensions.persistedQuery.sha256Hash`, the SHA-256 generated into the operation), never
/// with its text, for a server that runs only the operations of a published manifest
/// (`orion generate --operation-manifest`).
///
/// When the server does not know the id, the operation fails with
/// ``PersistedQueryError/notInSafelist(operationName:identifier:serverMessage:)``: unlike
/// ``AutomaticPersistedQueryInterceptor``, it does not send the text, which such a server would
/// refuse anyway. Queries may go as GET.
///
/// The id is set in ``prepare(_:)``, so subscriptions over HTTP and uploads are sent by id too.
public struct PersistedQueryInterceptor: Interceptor {
    /// Whether queries go as GET (cacheable by CDNs: the URL names the operation and variables).
    public let useGETForQueries: Bool

    /// - Parameter useGETForQueries: Whether queries go as GET.
    public init(useGETForQueries: Bool = false) {
        self.useGETForQueries = useGETForQueries
    }

    public func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
        request.identifiedOnly(usingGETForQueries: useGETForQueries)
    }

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        let response: HTTPResponse<Operation>
        do {
            response = try await next(request)
        } catch let error as ResponseCodeError {
            if let refusal = PersistedQueryError(refusal: error.graphQLErrors, operationName: Operation.operationName, identifier: Operation.operationDocument.identifier) {
                throw refusal
            }
            throw error
        }
        if let refusal = PersistedQueryError(refusal: response.result?.errors ?? [], operationName: Operation.operationName, identifier: Operation.operationDocument.identifier) {
            throw refusal
        }
        return response
    }
}
