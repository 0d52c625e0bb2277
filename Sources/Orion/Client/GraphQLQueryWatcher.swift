import Dispatch
import Foundation
import OrionAPI
import OrionCache

/// Keeps a query's result current: calls back with the first result, and again whenever a write
/// to the cache (another query, a mutation's result, a manual edit) changes a record field the
/// result was read from. Writes that change nothing it depends on do not call back.
///
/// ## Guarantees
///
/// - **One loop, in order.** Each watcher has one task that does its work one step at a time:
///   the first fetch, then a read of the cache for each change it depends on, and the fetches of
///   `refetch()`. Its handler is called on a serial queue that targets the caller's `queue`,
///   one call at a time, in the order the loop delivers. Deliveries therefore follow write order:
///   a watcher never shows a write's data after a later write's. (Watchers that ran a task per
///   change delivered the older of two quick writes last, and stayed on it.)
/// - **Coalescing.** Changes that land while the loop is busy are not queued one by one: the
///   latest wins, and one more read follows, which sees them all. A write the data already
///   includes (the fetch's own, or one before the read began) brings no read.
/// - **Ends current.** After the last write, the last delivery is the cache's data (or, when
///   it cannot be read back, the server's): every change is seen by a read that starts after it.
/// - **Atomic snapshots.** Each read of the cache is one atomic read of the store (see
///   `OrionStore`): a delivery never mixes records of two writes.
/// - **No second read.** A server result's dependencies are the fields its write wrote, which
///   are those a read of it reads; a cached result's are those its read read.
/// - **No refetch loops.** When a change leaves the cache without all the data it showed (a
///   partial hit), the watcher fetches from the server once for that change (not with
///   `.returnCacheDataDontFetch`); that fetch's own write does not count as a change.
/// - **Cancel.** After `cancel()` returns, the handler is not called again: a call in progress
///   on another thread is waited for (a handler may cancel its own watcher). The store lets go
///   of the watcher, and its loop and any fetch in flight end. A watcher no one holds is
///   cancelled too.
public final class GraphQLQueryWatcher<Query: GraphQLQuery>: Cancellable {
    private struct State {
        var lastData: Query.Data?
        var subscription: UUID?
        /// The watcher's entry among the client's, for mutations' `touchedWatchers`.
        var registration: UUID?
        var loop: Task<Void, Never>?
        var isCancelled = false
    }

    public let query: Query
    private let client: OrionClient
    private let cachePolicy: CachePolicy
    /// Serial, on the caller's queue: handler calls in delivery order, one at a time.
    private let deliveryQueue: DispatchQueue
    private let handler: @Sendable (Result<GraphQLResult<Query.Data>, any Error>) -> Void
    private let state = Mutex(State())
    private let inbox = WatcherInbox()
    /// Held while the handler is called and while `cancel()` marks the watcher cancelled, so that
    /// no call begins after `cancel()` returns. Recursive, for a handler that cancels.
    private let handlerLock = NSRecursiveLock()

    init(client: OrionClient, query: Query, cachePolicy: CachePolicy, queue: DispatchQueue,
         handler: @escaping @Sendable (Result<GraphQLResult<Query.Data>, any Error>) -> Void) {
        self.client = client
        self.query = query
        self.cachePolicy = cachePolicy
        self.deliveryQueue = DispatchQueue(label: "orion.watcher.\(Query.operationName)", target: queue)
        self.handler = handler
    }

    deinit {
        inbox.finish()
        let (subscription, registration, loop) = state.withLock { ($0.subscription, $0.registration, $0.loop) }
        if let subscription { client.store.unsubscribe(subscription) }
        if let registration { client.removeWatcher(registration) }
        loop?.cancel()
    }

    /// Starts watching: subscribes first, so that no change after the first fetch's read or
    /// write is missed, then runs the loop.
    func start() {
        let inbox = inbox
        let subscription = client.store.subscribeToChanges { inbox.changed($0) }
        let registration = client.addWatcher(inbox)
        // The loop holds the watcher only while it works, not while it waits: a watcher no one
        // holds goes, and its `deinit` ends the loop.
        let loop = Task { [weak self] in
            await self?.fetch(cachePolicy: nil)
            while let work = await inbox.next() {
                guard let self else { return }
                switch work {
                case .reread: await self.reread()
                case .refetch: await self.fetch(cachePolicy: .fetchIgnoringCacheData)
                }
            }
        }
        state.withLock { state in
            state.subscription = subscription
            state.registration = registration
            state.loop = loop
        }
    }

    /// Fetches the query from the server again; the result reaches the handler through the cache
    /// (or directly, when it cannot be cached). Runs in the watcher's loop, in order with its
    /// other work.
    public func refetch() {
        inbox.requestRefetch()
    }

    public func cancel() {
        handlerLock.lock()
        let (subscription, registration, loop) = state.withLock { state -> (UUID?, UUID?, Task<Void, Never>?) in
            state.isCancelled = true
            defer {
                state.subscription = nil
                state.registration = nil
                state.loop = nil
            }
            return (state.subscription, state.registration, state.loop)
        }
        handlerLock.unlock()
        inbox.finish()
        if let subscription { client.store.unsubscribe(subscription) }
        if let registration { client.removeWatcher(registration) }
        loop?.cancel()
    }

    /// Fetches by `cachePolicy` (nil: the watcher's own, for the first results) and delivers.
    private func fetch(cachePolicy: CachePolicy?) async {
        do {
            if let cachePolicy {
                deliver(.success(try await client.fetch(query: query, cachePolicy: cachePolicy)))
            } else {
                for try await result in client.fetchResults(query: query, cachePolicy: self.cachePolicy) {
                    deliver(.success(result))
                }
            }
        } catch {
            deliver(.failure(error))
        }
    }

    /// Reads the query from the cache after a change; on a partial hit, fetches it once.
    private func reread() async {
        let version = client.store.version
        do {
            let cached = try client.store.readWithDependencies(query: query)
            var result = GraphQLResult(data: cached.data, errors: nil, extensions: nil, source: .cache)
            result.cacheDependencies = cached.dependencies
            deliver(.success(result))
        } catch {
            // Every change up to the read is dealt with here, by one fetch at most; that fetch's
            // write settles the watcher at its own version, so it brings no read of its own.
            inbox.settle(version: version)
            // Only data it showed and lost: a watcher whose first fetch failed is not a refetch
            // on every write.
            guard CachePlan(cachePolicy, for: .query).fetchesOnMiss, inbox.knowsDependencies else { return }
            await fetch(cachePolicy: .fetchIgnoringCacheData)
        }
    }

    /// Notes what the result depends on, then calls the handler on its queue, unless cancelled,
    /// and unless the data is the same as the last delivered.
    private func deliver(_ result: Result<GraphQLResult<Query.Data>, any Error>) {
        if case .success(let value) = result, let dependencies = value.cacheDependencies { inbox.settle(dependencies) }
        let shouldDeliver = state.withLock { state -> Bool in
            guard !state.isCancelled else { return false }
            if case .success(let value) = result, let data = value.data {
                if data.__data == state.lastData?.__data && value.errors == nil { return false }
                state.lastData = data
            }
            return true
        }
        guard shouldDeliver else { return }
        deliveryQueue.async { [weak self] in self?.callHandler(result) }
    }

    private func callHandler(_ result: Result<GraphQLResult<Query.Data>, any Error>) {
        handlerLock.lock()
        defer { handlerLock.unlock() }
        guard !state.withLock({ $0.isCancelled }) else { return }
        handler(result)
    }
}
