import Dispatch
import Foundation
import OrionAPI

/// Keeps a query's result current: calls back with the first result, and again whenever a write
/// to the cache (another query, a mutation's result, a manual edit) changes a record field the
/// result was read from. Writes that change nothing it depends on do not call back; after
/// `cancel()` it never calls back, and the store lets go of it.
public final class GraphQLQueryWatcher<Query: GraphQLQuery>: Cancellable {
    private struct State {
        var dependencies: Set<CacheField> = []
        var lastData: Query.Data?
        var subscription: UUID?
        var tasks: [Task<Void, Never>] = []
        var isCancelled = false
    }

    public let query: Query
    private let client: OrionClient
    private let cachePolicy: CachePolicy
    private let queue: DispatchQueue
    private let handler: @Sendable (Result<GraphQLResult<Query.Data>, any Error>) -> Void
    private let state = Mutex(State())

    init(client: OrionClient, query: Query, cachePolicy: CachePolicy, queue: DispatchQueue,
         handler: @escaping @Sendable (Result<GraphQLResult<Query.Data>, any Error>) -> Void) {
        self.client = client
        self.query = query
        self.cachePolicy = cachePolicy
        self.queue = queue
        self.handler = handler
    }

    deinit {
        if let subscription = state.withLock({ $0.subscription }) { client.store.unsubscribe(subscription) }
    }

    /// Starts watching: the first fetch, then store changes.
    func start() {
        let subscription = client.store.subscribe { [weak self] changed in self?.storeChanged(changed) }
        state.withLock { $0.subscription = subscription }
        run { watcher in
            do {
                for try await result in watcher.client.fetchResults(query: watcher.query, cachePolicy: watcher.cachePolicy) {
                    watcher.deliver(.success(result))
                }
            } catch {
                watcher.deliver(.failure(error))
            }
            watcher.updateDependencies()
        }
    }

    /// Fetches the query from the server again; the result reaches the handler through the cache
    /// (or directly, when it cannot be cached).
    public func refetch() {
        run { watcher in
            do {
                let result = try await watcher.client.fetch(query: watcher.query, cachePolicy: .fetchIgnoringCacheData)
                watcher.deliver(.success(result))
            } catch {
                watcher.deliver(.failure(error))
            }
            watcher.updateDependencies()
        }
    }

    public func cancel() {
        let (subscription, tasks) = state.withLock { state -> (UUID?, [Task<Void, Never>]) in
            state.isCancelled = true
            defer {
                state.subscription = nil
                state.tasks = []
            }
            return (state.subscription, state.tasks)
        }
        if let subscription { client.store.unsubscribe(subscription) }
        for task in tasks { task.cancel() }
    }

    private func run(_ body: @escaping @Sendable (GraphQLQueryWatcher) async -> Void) {
        let task = Task { [weak self] in
            guard let self else { return }
            await body(self)
        }
        let cancelled = state.withLock { state -> Bool in
            state.tasks.removeAll { $0.isCancelled }
            if !state.isCancelled { state.tasks.append(task) }
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    private func storeChanged(_ changed: [CacheField]) {
        let relevant = state.withLock { state in !state.isCancelled && changed.contains { state.dependencies.contains($0) } }
        guard relevant else { return }
        run { watcher in
            if let cached = try? watcher.client.store.readWithDependencies(query: watcher.query) {
                watcher.state.withLock { $0.dependencies = cached.dependencies }
                watcher.deliver(.success(GraphQLResult(data: cached.data, errors: nil, extensions: nil, source: .cache)))
            } else if watcher.cachePolicy != .returnCacheDataDontFetch {
                // The change left the cache without all the data (a partial hit): ask the server.
                do {
                    watcher.deliver(.success(try await watcher.client.fetch(query: watcher.query, cachePolicy: .fetchIgnoringCacheData)))
                } catch {
                    watcher.deliver(.failure(error))
                }
                watcher.updateDependencies()
            }
        }
    }

    private func updateDependencies() {
        guard let cached = try? client.store.readWithDependencies(query: query) else { return }
        state.withLock { $0.dependencies = cached.dependencies }
    }

    /// Calls the handler on its queue, unless cancelled, and unless the data is the same as the
    /// last delivered.
    private func deliver(_ result: Result<GraphQLResult<Query.Data>, any Error>) {
        let shouldDeliver = state.withLock { state -> Bool in
            guard !state.isCancelled else { return false }
            if case .success(let value) = result, let data = value.data {
                if data.__data == state.lastData?.__data && value.errors == nil { return false }
                state.lastData = data
            }
            return true
        }
        guard shouldDeliver else { return }
        queue.async { [weak self] in
            guard let self, !self.state.withLock({ $0.isCancelled }) else { return }
            self.handler(result)
        }
    }
}
