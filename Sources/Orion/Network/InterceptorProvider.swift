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

/// The default chain: retries bounded, the cache read (when there is a store), automatic
/// persisted queries when enabled, the result written to the cache, the response code checked,
/// the body parsed into the operation's models. Add your own interceptors in
/// front with `prepending`.
public struct DefaultInterceptorProvider: InterceptorProvider {
    /// The store that answers and records queries; `nil` for no cache.
    public var store: OrionStore?
    public var maxRetries: Int
    public var autoPersistQueries: Bool
    public var useGETForHashedQueries: Bool
    /// Interceptors run before the default ones (headers, authorization, logging).
    public var prepending: [any Interceptor]
    public var errorInterceptor: (any AdditionalErrorInterceptor)?

    public init(
        store: OrionStore? = nil, maxRetries: Int = 3, autoPersistQueries: Bool = false, useGETForHashedQueries: Bool = false,
        prepending: [any Interceptor] = [], errorInterceptor: (any AdditionalErrorInterceptor)? = nil
    ) {
        self.store = store
        self.maxRetries = maxRetries
        self.autoPersistQueries = autoPersistQueries
        self.useGETForHashedQueries = useGETForHashedQueries
        self.prepending = prepending
        self.errorInterceptor = errorInterceptor
    }

    public func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any Interceptor] {
        var chain: [any Interceptor] = [MaxRetryInterceptor(maxRetries: maxRetries)]
        if let store { chain.append(CacheReadInterceptor(store: store)) }
        chain += prepending
        if autoPersistQueries { chain.append(AutomaticPersistedQueryInterceptor(useGETForHashedQueries: useGETForHashedQueries)) }
        if let store { chain.append(CacheWriteInterceptor(store: store)) }
        chain.append(ResponseCodeInterceptor())
        chain.append(JSONResponseParsingInterceptor())
        return chain
    }

    public func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any AdditionalErrorInterceptor)? {
        errorInterceptor
    }
}
