import OrionAPI

/// Stops a request that has run through the chain too many times (retries by other
/// interceptors or the additional error interceptor).
public struct MaxRetryInterceptor: Interceptor {
    public let maxRetries: Int

    public init(maxRetries: Int = 3) {
        self.maxRetries = maxRetries
    }

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        let attempt = request.context.beginAttempt()
        guard attempt <= maxRetries + 1 else { throw MaxRetriesExceededError(operationName: Operation.operationName, attempts: attempt - 1) }
        return try await next(request)
    }
}

/// A request retried more often than `MaxRetryInterceptor` allows.
public struct MaxRetriesExceededError: Error, Sendable, OrionError {
    public var operationName: String
    public var attempts: Int

    public var description: String {
        "\(operationName) was tried \(attempts) times without success; giving up (raise MaxRetryInterceptor.maxRetries to try longer)."
    }
}
