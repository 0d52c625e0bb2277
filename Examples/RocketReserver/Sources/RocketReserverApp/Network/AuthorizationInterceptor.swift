import Orion
import OrionAPI

/// Sends the stored token as `Authorization`, as the tutorial's interceptor does.
public struct AuthorizationInterceptor: Interceptor {
    public let tokens: TokenStore

    public init(tokens: TokenStore) {
        self.tokens = tokens
    }

    public func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
        // In the prepare phase, so that subscriptions carry it too.
        var request = request
        if let token = await tokens.token { request.headers["Authorization"] = token }
        return request
    }
}
