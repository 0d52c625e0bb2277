import OrionAPI

/// Parses the body into the operation's typed result. A non-2xx body that is not a GraphQL
/// response is left unparsed for `ResponseCodeInterceptor` to report; a 2xx body that is not
/// one fails with `ResponseParsingError`.
public struct JSONResponseParsingInterceptor: Interceptor {
    public init() {}

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        var response = try await next(request)
        do {
            response.result = try GraphQLResponse.parse(response.body, for: request.operation)
        } catch {
            if (200..<300).contains(response.statusCode) { throw error }
        }
        return response
    }
}
