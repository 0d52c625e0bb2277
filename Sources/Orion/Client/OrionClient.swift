import Dispatch
import Foundation
import OrionAPI
import OrionCache

/// The one entry point of an app: runs generated operations against a GraphQL server.
///
/// Each call exists as async/await, the recommended form, and as the callback API of Apollo iOS
/// (see `OrionClient+Callbacks.swift`); the callback form runs the async one, so both behave the
/// same.
///
/// ## The cache
///
/// The client is the one owner of its ``store``: its transport only talks to the server. For
/// each operation the client reads its cache policy once (as a plan: read the cache? fetch?
/// write the result?), answers from the store before the transport is asked, and writes every
/// result the server sends, of queries, mutations, uploads and subscription events alike, in one
/// place. A result the cache cannot take is still delivered whole, with the reason in
/// ``GraphQLResult/cacheWriteError``.
///
/// ## Deduplication
///
/// Identical queries in flight at the same time (the same operation and variables, under
/// policies that fetch and write alike) share one request, and each caller gets its result;
/// cancelling one caller does not cancel the others. Mutations, uploads and subscriptions are
/// never shared. Turn it off for a client with `deduplicatesQueries: false`, or for one fetch
/// with `deduplicate: false`.
public final class OrionClient: Sendable {
    public let networkTransport: any NetworkTransport
    /// The normalized cache the client reads and writes, and its watchers watch.
    public let store: OrionStore
    /// Whether identical queries in flight share one request (see "Deduplication" above).
    public let deduplicatesQueries: Bool
    /// The queries in flight, by what makes them identical.
    private let inFlight = InFlightQueries()

    /// The inboxes of the client's active watchers, for refetches a mutation asks of them.
    private let watcherInboxes = Mutex<[UUID: WatcherInbox]>([:])

    /// Notes an active watcher, until `removeWatcher(_:)`.
    func addWatcher(_ inbox: WatcherInbox) -> UUID {
        let id = UUID()
        watcherInboxes.withLock { $0[id] = inbox }
        return id
    }

    func removeWatcher(_ id: UUID) {
        watcherInboxes.withLock { $0[id] = nil }
    }

    /// How many query requests are in flight, and how many fetches wait for them.
    public var inFlightQueries: InFlightQueryCounts { inFlight.counts }

    /// A client for the server at `url`, with the default interceptors.
    ///
    /// - Parameters:
    ///   - url: the server's GraphQL endpoint.
    ///   - store: the cache; an in-memory one by default, an `OrionSQLite` one to keep
    ///     results across launches.
    ///   - deduplicatesQueries: whether identical queries in flight share one request.
    public convenience init(url: URL, store: OrionStore = OrionStore(), deduplicatesQueries: Bool = true) {
        self.init(networkTransport: RequestChainNetworkTransport(url: url), store: store, deduplicatesQueries: deduplicatesQueries)
    }

    /// A client with its own transport (interceptors, a WebSocket, a split of both) and cache.
    ///
    /// - Parameters:
    ///   - networkTransport: how operations reach the server.
    ///   - store: the cache the client owns: it reads and writes it, its transport does not.
    ///   - deduplicatesQueries: whether identical queries in flight share one request.
    public init(networkTransport: any NetworkTransport, store: OrionStore = OrionStore(), deduplicatesQueries: Bool = true) {
        self.networkTransport = networkTransport
        self.store = store
        self.deduplicatesQueries = deduplicatesQueries
    }

    // MARK: async/await

    /// Runs a query.
    ///
    /// - Throws: `NetworkError`, `ResponseCodeError`, `ResponseParsingError` (with the response
    ///   path for data of the wrong shape), `CancellationError`, `CacheMissError` for
    ///   `.returnCacheDataDontFetch`; GraphQL errors of the response are in the result.
    ///   With `.returnCacheDataAndFetch`, the server's result (``fetchResults(query:cachePolicy:deduplicate:)``
    ///   gives both). For a query with deferred fragments, the server's final result, every
    ///   fragment merged in (``fetchResults(query:cachePolicy:deduplicate:)`` gives each step).
    /// - Parameters:
    ///   - query: the query, with its variables.
    ///   - cachePolicy: whether the cache answers, the server, or both.
    ///   - deduplicate: `false` sends this fetch's request even when an identical one is in
    ///     flight (the client's ``deduplicatesQueries`` applies otherwise).
    public func fetch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, deduplicate: Bool = true
    ) async throws -> GraphQLResult<Query.Data> {
        var last: GraphQLResult<Query.Data>?
        try await run(query, plan: CachePlan(cachePolicy, for: .query), deduplicate: deduplicate) { last = $0 }
        guard let last else { throw CancellationError() }
        return last
    }

    /// Every result of a query under its policy: one, or for `.returnCacheDataAndFetch` the
    /// cached data first (when the cache holds it) and then the server's.
    ///
    /// For a query with deferred fragments (`@defer`) sent to a server, the server's results come
    /// in steps: the first payload's, with each deferred fragment `.pending`, then one after each
    /// later payload, merged into the ones before, until one whose ``GraphQLResult/hasNext`` is
    /// false. Each step is written to the cache as it arrives, so watchers see it too. A cache
    /// read that finds such a query with fragments still pending is yielded first, and the
    /// server asked as well (unless the policy is `.returnCacheDataDontFetch`).
    public func fetchResults<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, deduplicate: Bool = true
    ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await run(query, plan: CachePlan(cachePolicy, for: .query), deduplicate: deduplicate) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Runs a mutation; its result is written to the cache.
    ///
    /// - Parameters:
    ///   - mutation: the mutation, with its variables.
    ///   - refetchQueries: queries to fetch from the server again once the result is
    ///     written (as `.fetchIgnoringCacheData`, together), for what the mutation changed that
    ///     its own result does not show (a list it added to, a count); their results update the
    ///     cache and its watchers before this returns, and their errors are the result's
    ///     ``GraphQLResult/refetchErrors``. With `.touchedWatchers`, the watchers whose data the
    ///     result wrote to refetch too. Nothing is refetched when the mutation throws.
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, refetchQueries: RefetchQueries = []
    ) async throws -> GraphQLResult<Mutation.Data> {
        try await refetching(refetchQueries) { try await fetchFromServer(mutation, files: [], writes: true) }
    }

    /// Runs a mutation showing `optimisticResponse` at once: its data is written to an optimistic
    /// layer over the cache (`OrionStore.addOptimisticLayer(_:)`), which watchers see before
    /// the server answers. The server's result is then written to the cache and the layer
    /// removed, so watchers go from the expected data to the server's without showing the data
    /// from before; when the mutation fails (or is cancelled), the layer is removed and watchers
    /// see the data from before. Several mutations' layers stack and resolve independently.
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, optimisticResponse: Mutation.Data, refetchQueries: RefetchQueries = []
    ) async throws -> GraphQLResult<Mutation.Data> {
        try await perform(mutation: mutation, refetchQueries: refetchQueries) { try $0.write(data: optimisticResponse, for: mutation) }
    }

    /// Runs a mutation showing `optimisticUpdate`'s changes at once: `optimisticUpdate` edits the
    /// cache as a read-write transaction, but its changes go to an optimistic layer, resolved as
    /// with ``perform(mutation:optimisticResponse:refetchQueries:)``.
    ///
    /// - Throws: what `optimisticUpdate` throws (the mutation is not sent then), or the
    ///   mutation's error.
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, refetchQueries: RefetchQueries = [], optimisticUpdate: (ReadWriteTransaction) throws -> Void
    ) async throws -> GraphQLResult<Mutation.Data> {
        try await refetching(refetchQueries) {
            let layer = try store.addOptimisticLayer(optimisticUpdate)
            // Removed on every path: after the result is written, or on an error.
            defer { store.removeOptimisticLayer(layer) }
            return try await fetchFromServer(mutation, files: [], writes: true)
        }
    }

    /// A mutation's result from `send`, then the refetches of `refetchQueries`, together.
    private func refetching<Data: RootSelectionSet>(
        _ refetchQueries: RefetchQueries, after send: () async throws -> GraphQLResult<Data>
    ) async throws -> GraphQLResult<Data> {
        var result = try await send()
        guard !refetchQueries.isEmpty else { return result }
        if refetchQueries.includesTouchedWatchers, let written = result.cacheDependencies?.fields {
            for inbox in watcherInboxes.withLock({ Array($0.values) }) { inbox.refetch(ifDependingOnAnyOf: written) }
        }
        result.refetchErrors = await withTaskGroup(of: (any Error)?.self) { group in
            for query in refetchQueries.queries { group.addTask { await self.refetch(query) } }
            var errors: [any Error] = []
            for await error in group { if let error { errors.append(error) } }
            return errors
        }
        return result
    }

    /// Fetches a query from the server for `refetchQueries`; its error, if it fails.
    private func refetch<Query: GraphQLQuery>(_ query: Query) async -> (any Error)? {
        do {
            _ = try await fetch(query: query, cachePolicy: .fetchIgnoringCacheData)
            return nil
        } catch {
            return error
        }
    }

    /// Runs an operation with files, as a GraphQL multipart request; the files are streamed from
    /// disk, and the result is written to the cache.
    public func upload<Operation: GraphQLOperation>(operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
        try await fetchFromServer(operation, files: files, writes: true)
    }

    /// Runs an operation by its plan, handing each result to `yield` in order: the cached one
    /// when the plan reads the cache and it holds all the data, then, unless that hit ends it,
    /// the server's, written to the cache when the plan says so.
    private func run<Query: GraphQLQuery>(
        _ operation: Query, plan: CachePlan, deduplicate: Bool, yield: (GraphQLResult<Query.Data>) -> Void
    ) async throws {
        if plan.readsCache {
            do {
                let cached = try readFromCache(operation)
                yield(cached)
                // A cached query with deferred fragments still pending is a first result: the
                // server is asked for the rest, where the policy lets it be.
                let isPartial = Query.hasDeferredFragments
                    && cached.data?.__data.hasPendingDeferredFragments(selections: Query.Data.__metadata.selections) == true
                if plan.endsOnHit && !(isPartial && plan.fetchesOnMiss) { return }
            } catch {
                // A miss is the operation's error only where the server may not be asked.
                guard plan.fetchesOnMiss else { throw error }
            }
        }
        // Deferred fragments come in steps; such requests are not shared.
        if Query.hasDeferredFragments, let transport = networkTransport as? any IncrementalNetworkTransport {
            for try await result in transport.sendIncrementally(operation) {
                yield(recorded(result, shape: OrionStore.OperationShape(operation), writes: plan.writesResult))
            }
            return
        }
        guard deduplicate && deduplicatesQueries else {
            return yield(try await fetchFromServer(operation, files: [], writes: plan.writesResult))
        }
        let writes = plan.writesResult
        yield(try await inFlight.run(InFlightQueries.key(for: operation, writes: writes)) {
            try await self.fetchFromServer(operation, files: [], writes: writes)
        })
    }

    /// The operation's data from the store, with what it was read from when a watcher may want it.
    private func readFromCache<Operation: GraphQLOperation>(_ operation: Operation) throws -> GraphQLResult<Operation.Data> {
        guard store.hasSubscribers else {
            return GraphQLResult(data: try store.read(query: operation), errors: nil, extensions: nil, source: .cache)
        }
        let cached = try store.readWithDependencies(query: operation)
        var result = GraphQLResult(data: cached.data, errors: nil, extensions: nil, source: .cache)
        result.cacheDependencies = cached.dependencies
        return result
    }

    private func fetchFromServer<Operation: GraphQLOperation>(
        _ operation: Operation, files: [GraphQLFile], writes: Bool
    ) async throws -> GraphQLResult<Operation.Data> {
        recorded(try await networkTransport.send(operation, files: files), shape: OrionStore.OperationShape(operation), writes: writes)
    }

    /// The one cache writer: every server result, of a query, a mutation, an upload or a
    /// subscription event, goes through here, and is written when `writes` (its plan) says so.
    /// Partial data (with errors) is written too: what the server did resolve is true.
    ///
    /// Inlinable, and generic only where it moves the result's fields: the write itself is
    /// `write(_:data:maxAge:shape:)`. Code specialized for the app's data (a subscription's
    /// per-event closure) then looks up no generic metadata and copies no result through its
    /// value witnesses, which unspecialized code does for each event.
    @inlinable @inline(__always)
    func recorded<Data: RootSelectionSet>(
        _ result: consuming GraphQLResult<Data>, shape: OrionStore.OperationShape, writes: Bool
    ) -> GraphQLResult<Data> {
        // Let go of the response: a result the app keeps must not keep its bytes alive.
        let dataObject = result.dataObject
        result.dataObject = nil
        guard writes, result.source == .server, let data = result.data else { return result }
        (result.cacheDependencies, result._cacheWriteError) = write(dataObject, data: data.__data, maxAge: result.maxAge, shape: shape)
        return result
    }

    /// Writes a server result's data to the store: normalized from the response object when
    /// there is one, else from the model (a transport that builds results in code); returns
    /// what it wrote, when a watcher may want it, or why it could not write.
    @usableFromInline
    func write(
        _ dataObject: ResponseObject?, data: DataDict, maxAge: TimeInterval?, shape: OrionStore.OperationShape
    ) -> (dependencies: CacheDependencies?, error: (any Error)?) {
        do {
            // What it wrote, for a watcher, which then need not read the result back to learn it.
            switch (dataObject, store.hasSubscribers) {
            case (let object?, true): return (try store.writeTrackingDependencies(data: object, shape: shape, maxAge: maxAge), nil)
            case (let object?, false): try store.write(data: object, shape: shape, maxAge: maxAge)
            case (nil, true): return (try store.writeTrackingDependencies(data: data, shape: shape, maxAge: maxAge), nil)
            case (nil, false): try store.write(data: data, shape: shape, maxAge: maxAge)
            }
            return (nil, nil)
        } catch {
            return (nil, error)
        }
    }

    // MARK: watchers

    /// Watches a query as a stream of results; ending the iteration cancels the watcher.
    public func watch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch
    ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
        AsyncThrowingStream { continuation in
            let watcher = watch(query: query, cachePolicy: cachePolicy, queue: DispatchQueue(label: "orion.watch")) { result in
                switch result {
                case .success(let value): continuation.yield(value)
                case .failure(let error): continuation.yield(with: .failure(error))
                }
            }
            continuation.onTermination = { _ in watcher.cancel() }
        }
    }

    // MARK: subscriptions

    /// Subscribes: a result for every event the server sends, until it ends the subscription
    /// (the stream finishes) or it fails (the stream throws). Ending the iteration stops the
    /// subscription on the server.
    ///
    /// Each result is written to the store first (by the same writer as a query's), so that
    /// watchers of the same objects see it, unless `cachePolicy` is `.fetchIgnoringCacheCompletely`.
    ///
    /// - Throws: ``SubscriptionError/unsupportedTransport(_:)`` when the client's transport is
    ///   not a ``SubscriptionNetworkTransport``; otherwise the transport's errors.
    @inlinable
    public func subscribe<Subscription: GraphQLSubscription>(
        subscription: Subscription, cachePolicy: CachePolicy = .fetchIgnoringCacheData
    ) -> AsyncThrowingStream<GraphQLResult<Subscription.Data>, any Error> {
        guard let transport = networkTransport as? any SubscriptionNetworkTransport else {
            let error = SubscriptionError.unsupportedTransport(String(describing: type(of: networkTransport)))
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        // Inlinable, so that the per-event closure is specialized for the app's subscription
        // where it subscribes: see `recorded`.
        let writes = CachePlan(cachePolicy, for: .subscription).writesResult
        // Taken out of the subscription once, for all its events.
        let shape = OrionStore.OperationShape(subscription)
        let variables = subscription.variablesWithDefaults
        // Read and written as the transport hands each event on: no task or stream of the
        // client's between the transport and the caller, whose hand-off would cost more than
        // the event itself.
        return transport.subscribe(subscription, readingResponses: { object in
            self.recorded(SubscriptionEvent<Subscription.Data>.reading(object, variables: variables).result, shape: shape, writes: writes)
        }, transform: { event in
            self.recorded(event.result, shape: shape, writes: writes)
        })
    }
}
