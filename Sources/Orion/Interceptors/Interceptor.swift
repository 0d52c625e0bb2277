import OrionAPI

/// One step of the request chain: it may change the request, call the rest of the chain
/// (`next`, once, several times to retry, or not at all), and inspect or change the response.
///
/// ```swift
/// struct AuthorizationInterceptor: Interceptor {
///     let tokens: TokenStore
///     func intercept<Operation: GraphQLOperation>(
///         _ request: HTTPRequest<Operation>, next: Next<Operation>
///     ) async throws -> HTTPResponse<Operation> {
///         var request = request
///         if let token = await tokens.current { request.headers["Authorization"] = "Bearer \(token)" }
///         return try await next(request)
///     }
/// }
/// ```
public protocol Interceptor: Sendable {
    func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation>
}

/// The rest of the chain after an interceptor.
public typealias Next<Operation: GraphQLOperation> = @Sendable (HTTPRequest<Operation>) async throws -> HTTPResponse<Operation>

/// Sees every error of the chain, after the interceptors: it may recover with a result, ask
/// for the whole chain to run again (e.g. after refreshing a token), or pass the error on.
public protocol AdditionalErrorInterceptor: Sendable {
    func handle<Operation: GraphQLOperation>(
        _ error: any Error, request: HTTPRequest<Operation>
    ) async -> ErrorRecovery<Operation>
}

/// What an `AdditionalErrorInterceptor` decides.
public enum ErrorRecovery<Operation: GraphQLOperation>: Sendable {
    /// Fail with this error (the same one, or another).
    case fail(any Error)
    /// Run the chain again with this request (counted by `MaxRetryInterceptor`).
    case retry(HTTPRequest<Operation>)
    /// Succeed with this result instead.
    case recover(GraphQLResult<Operation.Data>)
}
