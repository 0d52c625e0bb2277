import OrionAPI

/// One step of the request chain, in two phases:
///
/// 1. ``prepare(_:)`` changes the outgoing request: headers, authorization, the timeout. Every
///    interceptor's `prepare` runs, in chain order, at the start of each pass through the chain
///    (the first, and each retry an `AdditionalErrorInterceptor` asks for), before any
///    `intercept`. It runs for every operation, subscriptions included: a multipart subscription
///    runs this phase alone, as its response is a stream that the second phase cannot see.
/// 2. ``intercept(_:next:)`` may change the (prepared) request again, call the rest of the chain
///    (`next`, once, several times to retry, or not at all), and inspect or change the response.
///    It does not run for subscriptions.
///
/// Both have defaults (the request unchanged; `next` called with it), so an interceptor
/// implements only the phase it needs. Anything that only changes the request belongs in
/// `prepare`, so that subscriptions get it too:
///
/// ```swift
/// struct AuthorizationInterceptor: Interceptor {
///     let tokens: TokenStore
///     func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
///         var request = request
///         if let token = await tokens.current { request.headers["Authorization"] = "Bearer \(token)" }
///         return request
///     }
/// }
/// ```
public protocol Interceptor: Sendable {
    /// Returns the request to send, changed as this interceptor needs; throwing fails the operation
    /// (or the pass, for the additional error interceptor to see). By default, the request unchanged.
    func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation>

    /// Runs this step around the rest of the chain. By default, `next(request)`.
    func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation>
}

extension Interceptor {
    public func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
        request
    }

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        try await next(request)
    }
}

/// The rest of the chain after an interceptor.
public typealias Next<Operation: GraphQLOperation> = @Sendable (HTTPRequest<Operation>) async throws -> HTTPResponse<Operation>

/// Sees every error of the chain, after the interceptors: it may recover with a result, ask
/// for the whole chain to run again (e.g. after refreshing a token), or pass the error on.
///
/// It sees the request as the pass started, before the interceptors' `prepare`; a retry is
/// prepared again, so a refreshed token is read anew.
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
