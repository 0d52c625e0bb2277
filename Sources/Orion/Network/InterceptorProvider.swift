import OrionAPI
import OrionCache

/// Supplies the interceptors for each operation, outermost first.
public protocol InterceptorProvider: Sendable {
    func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any Interceptor]
    /// Sees every error the chain ends with; `nil` for none.
    func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any AdditionalErrorInterceptor)?
}

extension InterceptorProvider {
    public func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any AdditionalErrorInterceptor)? { nil }
}

/// The default chain: retries bounded, automatic persisted queries when enabled, the response
/// code checked, the body parsed into the operation's models. Add your own interceptors in front
/// with `prepending`.
///
/// The chain only talks to the server: the cache belongs to the `OrionClient` that runs it,
/// which answers from its store before the chain runs and writes the result the chain returns,
/// so that a client can never read one cache and write another.
public struct DefaultInterceptorProvider: InterceptorProvider {
    public var maxRetries: Int
    public var autoPersistQueries: Bool
    public var useGETForHashedQueries: Bool
    /// Interceptors run before the default ones (headers, authorization, logging).
    public var prepending: [any Interceptor]
    public var errorInterceptor: (any AdditionalErrorInterceptor)?

    public init(
        maxRetries: Int = 3, autoPersistQueries: Bool = false, useGETForHashedQueries: Bool = false,
        prepending: [any Interceptor] = [], errorInterceptor: (any AdditionalErrorInterceptor)? = nil
    ) {
        self.maxRetries = maxRetries
        self.autoPersistQueries = autoPersistQueries
        self.useGETForHashedQueries = useGETForHashedQueries
        self.prepending = prepending
        self.errorInterceptor = errorInterceptor
    }

    /// Apollo iOS's shape, where the chain held the store: in Orion the client owns it.
    @available(*, unavailable, message: "The client owns the cache: drop `store:` here and pass it to OrionClient(networkTransport:store:) or OrionClient(url:store:).")
    public init(
        store: OrionStore?, maxRetries: Int = 3, autoPersistQueries: Bool = false, useGETForHashedQueries: Bool = false,
        prepending: [any Interceptor] = [], errorInterceptor: (any AdditionalErrorInterceptor)? = nil
    ) {
        self.init(maxRetries: maxRetries, autoPersistQueries: autoPersistQueries, useGETForHashedQueries: useGETForHashedQueries,
                  prepending: prepending, errorInterceptor: errorInterceptor)
    }

    public func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any Interceptor] {
        var chain: [any Interceptor] = [MaxRetryInterceptor(maxRetries: maxRetries)]
        chain += prepending
        if autoPersistQueries { chain.append(AutomaticPersistedQueryInterceptor(useGETForHashedQueries: useGETForHashedQueries)) }
        chain.append(ResponseCodeInterceptor())
        chain.append(JSONResponseParsingInterceptor())
        return chain
    }

    public func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any AdditionalErrorInterceptor)? {
        errorInterceptor
    }
}
