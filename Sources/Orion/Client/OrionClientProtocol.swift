import OrionAPI

/// The operations of ``OrionClient``, for code that should not depend on the concrete client:
/// a view model takes `any OrionClientProtocol`, the app passes its `OrionClient`, and a test
/// passes a fake of its own.
///
/// Most tests need no fake: an `OrionClient` over `OrionTestSupport`'s `MockNetworkTransport`
/// runs the real cache and watchers with scripted responses. A fake suits a test that wants no
/// client at all (counting calls, failing one in a particular way). The closure form of
/// optimistic updates and the callback API are the concrete client's only.
///
/// The requirements are the async forms with every parameter; calls without the optional ones
/// get the same defaults as on `OrionClient`.
public protocol OrionClientProtocol: Sendable {
    /// Runs a query (``OrionClient/fetch(query:cachePolicy:deduplicate:)``).
    func fetch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy, deduplicate: Bool
    ) async throws -> GraphQLResult<Query.Data>

    /// Every result of a query under its policy (``OrionClient/fetchResults(query:cachePolicy:deduplicate:)``).
    func fetchResults<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy, deduplicate: Bool
    ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error>

    /// Runs a mutation (``OrionClient/perform(mutation:refetchQueries:)``).
    func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, refetchQueries: RefetchQueries
    ) async throws -> GraphQLResult<Mutation.Data>

    /// Runs a mutation showing its expected result at once
    /// (``OrionClient/perform(mutation:optimisticResponse:refetchQueries:)``).
    func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, optimisticResponse: Mutation.Data, refetchQueries: RefetchQueries
    ) async throws -> GraphQLResult<Mutation.Data>

    /// Runs an operation with files (``OrionClient/upload(operation:files:)``).
    func upload<Operation: GraphQLOperation>(operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data>

    /// Watches a query (``OrionClient/watch(query:cachePolicy:)``).
    func watch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy
    ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error>

    /// Subscribes (``OrionClient/subscribe(subscription:cachePolicy:)``).
    func subscribe<Subscription: GraphQLSubscription>(
        subscription: Subscription, cachePolicy: CachePolicy
    ) -> AsyncThrowingStream<GraphQLResult<Subscription.Data>, any Error>
}

extension OrionClientProtocol {
    /// Runs a query; the defaults are `OrionClient`'s.
    public func fetch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, deduplicate: Bool = true
    ) async throws -> GraphQLResult<Query.Data> {
        try await fetch(query: query, cachePolicy: cachePolicy, deduplicate: deduplicate)
    }

    /// Every result of a query under its policy; the defaults are `OrionClient`'s.
    public func fetchResults<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, deduplicate: Bool = true
    ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
        fetchResults(query: query, cachePolicy: cachePolicy, deduplicate: deduplicate)
    }

    /// Runs a mutation, refetching nothing.
    public func perform<Mutation: GraphQLMutation>(mutation: Mutation) async throws -> GraphQLResult<Mutation.Data> {
        try await perform(mutation: mutation, refetchQueries: [])
    }

    /// Runs a mutation showing its expected result at once, refetching nothing.
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, optimisticResponse: Mutation.Data
    ) async throws -> GraphQLResult<Mutation.Data> {
        try await perform(mutation: mutation, optimisticResponse: optimisticResponse, refetchQueries: [])
    }

    /// Watches a query; the default policy is `OrionClient`'s.
    public func watch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch
    ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
        watch(query: query, cachePolicy: cachePolicy)
    }

    /// Subscribes; the default policy is `OrionClient`'s.
    public func subscribe<Subscription: GraphQLSubscription>(
        subscription: Subscription, cachePolicy: CachePolicy = .fetchIgnoringCacheData
    ) -> AsyncThrowingStream<GraphQLResult<Subscription.Data>, any Error> {
        subscribe(subscription: subscription, cachePolicy: cachePolicy)
    }
}

extension OrionClient: OrionClientProtocol {}
