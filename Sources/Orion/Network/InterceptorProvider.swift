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

/// The default chain: retries bounded, persisted queries when enabled, the response code
/// checked, the body parsed into the operation's models. Add your own interceptors in front
/// with `prepending`.
///
/// The chain only talks to the server: the cache belongs to the `OrionClient` that runs it,
/// which answers from its store before the chain runs and writes the result the chain returns,
/// so that a client can never read one cache and write another.
public struct DefaultInterceptorProvider: InterceptorProvider {
    /// How operations are sent by id instead of by text.
    public enum PersistedQueries: Sendable, Hashable {
        /// Automatic persisted queries (``AutomaticPersistedQueryInterceptor``): the id first, the
        /// text too when the server does not know the id yet.
        case automatic
        /// Safelisted persisted queries (``PersistedQueryInterceptor``): the id only, never the
        /// text, for a server that runs only the operations of a published manifest.
        case safelisted
    }

    public var maxRetries: Int
    /// How operations are sent by id; nil to send their text.
    public var persistedQueries: PersistedQueries?
    /// Whether queries sent by id go as GET.
    public var useGETForHashedQueries: Bool
    /// Interceptors run before the default ones (headers, authorization, logging).
    public var prepending: [any Interceptor]
    public var errorInterceptor: (any AdditionalErrorInterceptor)?

    /// Whether automatic persisted queries are on: Apollo iOS's name for
    /// `persistedQueries == .automatic`.
    public var autoPersistQueries: Bool {
        get { persistedQueries == .automatic }
        set { persistedQueries = newValue ? .automatic : (persistedQueries == .automatic ? nil : persistedQueries) }
    }

    /// - Parameters:
    ///   - maxRetries: How many times a request may run through the chain again.
    ///   - persistedQueries: How operations are sent by id; nil (the default) to send their text.
    ///   - useGETForHashedQueries: Whether queries sent by id go as GET.
    ///   - prepending: Interceptors run before the default ones.
    ///   - errorInterceptor: Sees every error the chain ends with.
    public init(
        maxRetries: Int = 3, persistedQueries: PersistedQueries? = nil, useGETForHashedQueries: Bool = false,
        prepending: [any Interceptor] = [], errorInterceptor: (any AdditionalErrorInterceptor)? = nil
    ) {
        self.maxRetries = maxRetries
        self.persistedQueries = persistedQueries
        self.useGETForHashedQueries = useGETForHashedQueries
        self.prepending = prepending
        self.errorInterceptor = errorInterceptor
    }

    /// Apollo iOS's shape: `autoPersistQueries: true` is `persistedQueries: .automatic`.
    ///
    /// - Parameters:
    ///   - maxRetries: How many times a request may run through the chain again.
    ///   - autoPersistQueries: Whether automatic persisted queries are on.
    ///   - useGETForHashedQueries: Whether queries sent by id go as GET.
    ///   - prepending: Interceptors run before the default ones.
    ///   - errorInterceptor: Sees every error the chain ends with.
    public init(
        maxRetries: Int = 3, autoPersistQueries: Bool, useGETForHashedQueries: Bool = false,
        prepending: [any Interceptor] = [], errorInterceptor: (any AdditionalErrorInterceptor)? = nil
    ) {
        self.init(
            maxRetries: maxRetries, persistedQueries: autoPersistQueries ? .automatic : nil, useGETForHashedQueries: useGETForHashedQueries,
            prepending: prepending, errorInterceptor: errorInterceptor)
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
        switch persistedQueries {
        case .automatic?: chain.append(AutomaticPersistedQueryInterceptor(useGETForHashedQueries: useGETForHashedQueries))
        case .safelisted?: chain.append(PersistedQueryInterceptor(useGETForQueries: useGETForHashedQueries))
        case nil: break
        }
        chain.append(ResponseCodeInterceptor())
        chain.append(JSONResponseParsingInterceptor())
        return chain
    }

    public func additionalErrorInterceptor<Operation: GraphQLOperation>(for operation: Operation) -> (any AdditionalErrorInterceptor)? {
        errorInterceptor
    }
}
