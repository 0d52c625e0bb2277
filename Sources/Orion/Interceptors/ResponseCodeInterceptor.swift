import OrionAPI

/// Fails responses whose HTTP status is not 2xx with a `ResponseCodeError` (keeping the GraphQL
/// errors of the body, when the parser found any).
public struct ResponseCodeInterceptor: Interceptor {
    public init() {}

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        let response = try await next(request)
        guard (200..<300).contains(response.statusCode) else {
            throw ResponseCodeError(statusCode: response.statusCode, body: response.body, graphQLErrors: response.result?.errors ?? [])
        }
        return response
    }
}
