import Dispatch
import OrionAPI

/// The callback API of Apollo iOS: a `Result` delivered to a handler and a `Cancellable` (or a
/// watcher) to stop it. Each call runs its async form, so both behave the same.
///
/// Two forms of each call:
/// - Without `queue:`, the handler is isolated to the main actor and called on the main queue:
///   a `@MainActor` view model or view controller updates its state in it directly, in Swift 6
///   language mode, as tutorials write it:
///   ```swift
///   client.fetch(query: LaunchListQuery()) { result in
///       self.launches = (try? result.get())?.data?.launches.launches.compactMap { $0 } ?? []
///   }
///   ```
/// - With `queue:`, the handler is `@Sendable` and called on that queue.
///
/// ## Guarantees
///
/// - **Order.** A call's results reach its handler in the order they were produced (the cached
///   result before the server's), one at a time.
/// - **Cancel.** Once `cancel()` has returned, the handler is not called again (a call already
///   running on its queue finishes), and the request stops; its cancellation is not delivered.
extension OrionClient {
    /// A handler called on the main actor: what app code passes.
    public typealias MainActorResultHandler<Value> = @MainActor (Result<Value, any Error>) -> Void
    /// A handler called on a queue of the caller's choosing.
    public typealias QueueResultHandler<Value> = @Sendable (Result<Value, any Error>) -> Void

    // MARK: fetch

    /// Runs a query and calls `resultHandler` on the main actor, unless cancelled: once, or for
    /// `.returnCacheDataAndFetch` twice when the cache holds the data (cached, then server).
    @discardableResult
    public func fetch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
        resultHandler: @escaping MainActorResultHandler<GraphQLResult<Query.Data>>
    ) -> any Cancellable {
        fetch(query: query, cachePolicy: cachePolicy, queue: .main, resultHandler: Self.onMainActor(resultHandler))
    }

    /// Runs a query and calls `resultHandler` on `queue`, as ``fetch(query:cachePolicy:resultHandler:)``.
    @discardableResult
    public func fetch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, queue: DispatchQueue,
        resultHandler: @escaping QueueResultHandler<GraphQLResult<Query.Data>>
    ) -> any Cancellable {
        callbacks(queue: queue, resultHandler, fetchResults(query: query, cachePolicy: cachePolicy))
    }

    // MARK: perform and upload

    /// Runs a mutation and calls `resultHandler` once on the main actor, unless cancelled.
    @discardableResult
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, resultHandler: @escaping MainActorResultHandler<GraphQLResult<Mutation.Data>>
    ) -> any Cancellable {
        perform(mutation: mutation, queue: .main, resultHandler: Self.onMainActor(resultHandler))
    }

    /// Runs a mutation and calls `resultHandler` once on `queue`, unless cancelled.
    @discardableResult
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, queue: DispatchQueue, resultHandler: @escaping QueueResultHandler<GraphQLResult<Mutation.Data>>
    ) -> any Cancellable {
        callback(queue: queue, resultHandler) { try await self.perform(mutation: mutation) }
    }

    /// Uploads files with an operation and calls `resultHandler` once on the main actor, unless
    /// cancelled.
    @discardableResult
    public func upload<Operation: GraphQLOperation>(
        operation: Operation, files: [GraphQLFile], resultHandler: @escaping MainActorResultHandler<GraphQLResult<Operation.Data>>
    ) -> any Cancellable {
        upload(operation: operation, files: files, queue: .main, resultHandler: Self.onMainActor(resultHandler))
    }

    /// Uploads files with an operation and calls `resultHandler` once on `queue`, unless cancelled.
    @discardableResult
    public func upload<Operation: GraphQLOperation>(
        operation: Operation, files: [GraphQLFile], queue: DispatchQueue,
        resultHandler: @escaping QueueResultHandler<GraphQLResult<Operation.Data>>
    ) -> any Cancellable {
        callback(queue: queue, resultHandler) { try await self.upload(operation: operation, files: files) }
    }

    // MARK: watch

    /// Watches a query: `resultHandler` gets the first result (by `cachePolicy`) and then every
    /// change of the cached data it depends on, on the main actor, until the watcher is cancelled.
    public func watch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
        resultHandler: @escaping MainActorResultHandler<GraphQLResult<Query.Data>>
    ) -> GraphQLQueryWatcher<Query> {
        watch(query: query, cachePolicy: cachePolicy, queue: .main, resultHandler: Self.onMainActor(resultHandler))
    }

    /// Watches a query as ``watch(query:cachePolicy:resultHandler:)`` does, calling
    /// `resultHandler` on `queue`.
    public func watch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, queue: DispatchQueue,
        resultHandler: @escaping QueueResultHandler<GraphQLResult<Query.Data>>
    ) -> GraphQLQueryWatcher<Query> {
        let watcher = GraphQLQueryWatcher(client: self, query: query, cachePolicy: cachePolicy, queue: queue, handler: resultHandler)
        watcher.start()
        return watcher
    }

    // MARK: subscribe

    /// Subscribes and calls `resultHandler` on the main actor for every result, then once more
    /// with the error if the subscription fails; cancelling stops the subscription on the server.
    @discardableResult
    public func subscribe<Subscription: GraphQLSubscription>(
        subscription: Subscription, cachePolicy: CachePolicy = .fetchIgnoringCacheData,
        resultHandler: @escaping MainActorResultHandler<GraphQLResult<Subscription.Data>>
    ) -> any Cancellable {
        subscribe(subscription: subscription, cachePolicy: cachePolicy, queue: .main, resultHandler: Self.onMainActor(resultHandler))
    }

    /// Subscribes as ``subscribe(subscription:cachePolicy:resultHandler:)`` does, calling
    /// `resultHandler` on `queue`.
    @discardableResult
    public func subscribe<Subscription: GraphQLSubscription>(
        subscription: Subscription, cachePolicy: CachePolicy = .fetchIgnoringCacheData, queue: DispatchQueue,
        resultHandler: @escaping QueueResultHandler<GraphQLResult<Subscription.Data>>
    ) -> any Cancellable {
        callbacks(queue: queue, resultHandler, subscribe(subscription: subscription, cachePolicy: cachePolicy))
    }

    // MARK: delivery

    /// A handler for the main queue that runs `handler` there, on the main actor it belongs to.
    private static func onMainActor<Value: Sendable>(_ handler: @escaping MainActorResultHandler<Value>) -> QueueResultHandler<Value> {
        { result in MainActor.assumeIsolated { handler(result) } }
    }

    private func callback<Value: Sendable>(
        queue: DispatchQueue, _ handler: @escaping QueueResultHandler<Value>, _ body: @escaping @Sendable () async throws -> Value
    ) -> any Cancellable {
        CallbackCall.start { call in
            let result: Result<Value, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            call.deliver(on: queue) { handler(result) }
        }
    }

    /// `callback` for a stream: each element, then its error if it fails, until cancelled.
    private func callbacks<Value: Sendable>(
        queue: DispatchQueue, _ handler: @escaping QueueResultHandler<Value>, _ results: AsyncThrowingStream<Value, any Error>
    ) -> any Cancellable {
        CallbackCall.start { call in
            do {
                for try await result in results { call.deliver(on: queue) { handler(.success(result)) } }
            } catch {
                call.deliver(on: queue) { handler(.failure(error)) }
            }
        }
    }
}
