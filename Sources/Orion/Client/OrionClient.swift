import Dispatch
import Foundation
import OrionAPI
import OrionCache

/// The one entry point of an app: runs generated operations against a GraphQL server.
///
/// Each call exists as async/await and as the callback API of Apollo iOS (a `Result` delivered
/// on a queue, the main queue by default, and a `Cancellable`); the callback form runs the async
/// one, so both behave the same.
public final class OrionClient: Sendable {
    public let networkTransport: any NetworkTransport
    /// The normalized cache the client reads and writes (through its interceptors).
    public let store: OrionStore

    /// A client for the server at `url`, with the default interceptors and an in-memory cache.
    public convenience init(url: URL) {
        let store = OrionStore()
        self.init(networkTransport: RequestChainNetworkTransport(url: url, interceptorProvider: DefaultInterceptorProvider(store: store)), store: store)
    }

    /// A client with its own transport; `store` should be the one its interceptors use.
    public init(networkTransport: any NetworkTransport, store: OrionStore = OrionStore()) {
        self.networkTransport = networkTransport
        self.store = store
    }

    // MARK: async/await

    /// Runs a query.
    ///
    /// - Throws: `NetworkError`, `ResponseCodeError`, `ResponseParsingError` (with the response
    ///   path for data of the wrong shape), `CancellationError`; GraphQL errors of the response
    ///   are in the result.
    ///   With `.returnCacheDataAndFetch`, the server's result (``fetchResults(query:cachePolicy:)``
    ///   gives both).
    public func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch) async throws -> GraphQLResult<Query.Data> {
        try await networkTransport.send(query, cachePolicy: cachePolicy == .returnCacheDataAndFetch ? .fetchIgnoringCacheData : cachePolicy, files: [])
    }

    /// Every result of a query under its policy: one, or for `.returnCacheDataAndFetch` the
    /// cached data first (when the cache holds it) and then the server's.
    public func fetchResults<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    if cachePolicy == .returnCacheDataAndFetch, let cached = try? store.read(query: query) {
                        continuation.yield(GraphQLResult(data: cached, errors: nil, extensions: nil, source: .cache))
                    }
                    continuation.yield(try await fetch(query: query, cachePolicy: cachePolicy))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Runs a mutation; its result is written to the cache.
    public func perform<Mutation: GraphQLMutation>(mutation: Mutation) async throws -> GraphQLResult<Mutation.Data> {
        try await networkTransport.send(mutation, cachePolicy: .fetchIgnoringCacheData, files: [])
    }

    /// Runs an operation with files, as a GraphQL multipart request; the files are streamed from
    /// disk.
    public func upload<Operation: GraphQLOperation>(operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
        try await networkTransport.send(operation, cachePolicy: .fetchIgnoringCacheData, files: files)
    }

    // MARK: callbacks

    /// Runs a query and calls `resultHandler` on `queue`, unless cancelled: once, or for
    /// `.returnCacheDataAndFetch` twice when the cache holds the data (cached, then server).
    @discardableResult
    public func fetch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, queue: DispatchQueue = .main,
        resultHandler: @escaping @Sendable (Result<GraphQLResult<Query.Data>, any Error>) -> Void
    ) -> any Cancellable {
        callbacks(queue: queue, resultHandler, fetchResults(query: query, cachePolicy: cachePolicy))
    }

    /// Runs a mutation and calls `resultHandler` once on `queue`, unless cancelled.
    @discardableResult
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, queue: DispatchQueue = .main,
        resultHandler: @escaping @Sendable (Result<GraphQLResult<Mutation.Data>, any Error>) -> Void
    ) -> any Cancellable {
        callback(queue: queue, resultHandler) { try await self.perform(mutation: mutation) }
    }

    /// Uploads files with an operation and calls `resultHandler` once on `queue`, unless cancelled.
    @discardableResult
    public func upload<Operation: GraphQLOperation>(
        operation: Operation, files: [GraphQLFile], queue: DispatchQueue = .main,
        resultHandler: @escaping @Sendable (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
    ) -> any Cancellable {
        callback(queue: queue, resultHandler) { try await self.upload(operation: operation, files: files) }
    }

    // MARK: watchers

    /// Watches a query: `resultHandler` gets the first result (by `cachePolicy`) and then every
    /// change of the cached data it depends on, on `queue`, until the watcher is cancelled.
    public func watch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, queue: DispatchQueue = .main,
        resultHandler: @escaping @Sendable (Result<GraphQLResult<Query.Data>, any Error>) -> Void
    ) -> GraphQLQueryWatcher<Query> {
        let watcher = GraphQLQueryWatcher(client: self, query: query, cachePolicy: cachePolicy, queue: queue, handler: resultHandler)
        watcher.start()
        return watcher
    }

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
    /// Each result is written to the store first, so that watchers of the same objects see it,
    /// unless `cachePolicy` is `.fetchIgnoringCacheCompletely`.
    ///
    /// - Throws: ``SubscriptionError/unsupportedTransport(_:)`` when the client's transport is
    ///   not a ``SubscriptionNetworkTransport``; otherwise the transport's errors.
    public func subscribe<Subscription: GraphQLSubscription>(
        subscription: Subscription, cachePolicy: CachePolicy = .fetchIgnoringCacheData
    ) -> AsyncThrowingStream<GraphQLResult<Subscription.Data>, any Error> {
        guard let transport = networkTransport as? any SubscriptionNetworkTransport else {
            let error = SubscriptionError.unsupportedTransport(String(describing: type(of: networkTransport)))
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        let store = store
        // Stored as the transport hands each event on: no task or stream of the client's between
        // the transport and the caller, whose hand-off would cost more than the event itself.
        return transport.subscribe(subscription) { event in
            if cachePolicy != .fetchIgnoringCacheCompletely, let object = event.dataObject {
                // A result the cache cannot take is still a result: the subscriber gets it.
                _ = try? store.write(data: object, for: subscription)
            }
            return event.result
        }
    }

    /// Subscribes and calls `resultHandler` on `queue` for every result, then once more with the
    /// error if the subscription fails; cancelling stops the subscription on the server.
    @discardableResult
    public func subscribe<Subscription: GraphQLSubscription>(
        subscription: Subscription, cachePolicy: CachePolicy = .fetchIgnoringCacheData, queue: DispatchQueue = .main,
        resultHandler: @escaping @Sendable (Result<GraphQLResult<Subscription.Data>, any Error>) -> Void
    ) -> any Cancellable {
        callbacks(queue: queue, resultHandler, subscribe(subscription: subscription, cachePolicy: cachePolicy))
    }

    private func callback<Value: Sendable>(
        queue: DispatchQueue, _ handler: @escaping @Sendable (Result<Value, any Error>) -> Void,
        _ body: @escaping @Sendable () async throws -> Value
    ) -> any Cancellable {
        let task = Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled else { return }
            queue.async { handler(result) }
        }
        return TaskCancellable(task: task)
    }

    /// `callback` for a stream: each element, then its error if it fails, until cancelled.
    private func callbacks<Value: Sendable>(
        queue: DispatchQueue, _ handler: @escaping @Sendable (Result<Value, any Error>) -> Void,
        _ results: AsyncThrowingStream<Value, any Error>
    ) -> any Cancellable {
        let task = Task {
            do {
                for try await result in results {
                    guard !Task.isCancelled else { return }
                    queue.async { handler(.success(result)) }
                }
            } catch {
                guard !Task.isCancelled else { return }
                queue.async { handler(.failure(error)) }
            }
        }
        return TaskCancellable(task: task)
    }
}
