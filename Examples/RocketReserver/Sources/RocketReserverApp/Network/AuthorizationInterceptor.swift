import Orion
import OrionAPI

/// Sends the stored token as `Authorization`, as the tutorial's interceptor does.
public struct AuthorizationInterceptor: Interceptor {
    public let tokens: TokenStore

    public init(tokens: TokenStore) {
        self.tokens = tokens
    }

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        var request = request
        if let token = await tokens.token { request.headers["Authorization"] = token }
        return try await next(request)
    }
}
