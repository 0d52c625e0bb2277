import Dispatch
import Orion
import OrionCache

/// The pager's outputs, as an `AsyncSequence` and as a handler on a queue.
extension GraphQLQueryPager {
    /// The outputs, from the current one on: a stream of its own for each call, which ends when
    /// the iteration ends or the pager goes. Outputs are buffered until taken: none is dropped.
    public func outputs() -> AsyncStream<Output> {
        outputs { $0 }
    }

    /// The outputs turned into a view of the caller's (such as one list of every page's items),
    /// from the current one on, as ``outputs()``.
    ///
    /// - Parameter transform: makes the view of an output; it runs on the pager's delivery
    ///   queue, and must not wait for the pager.
    public func outputs<Model: Sendable>(_ transform: @escaping @Sendable (Output) -> Model) -> AsyncStream<Model> {
        AsyncStream { continuation in
            let id = addSubscriber(PagerState.Subscriber(
                deliver: { continuation.yield(transform($0)) },
                finish: { continuation.finish() }
            ))
            continuation.onTermination = { [weak self] _ in self?.removeSubscriber(id) }
        }
    }

    /// Calls `handler` on `queue` with the view `transform` makes of each output, from the
    /// current one on, in order, until the subscription is cancelled.
    ///
    /// - Parameters:
    ///   - queue: where `handler` is called.
    ///   - transform: makes the view of an output; it runs on the pager's delivery queue, and
    ///     must not wait for the pager.
    ///   - handler: takes each view.
    /// - Returns: the subscription; once `cancel()` has returned, `handler` gets no output it
    ///   has not started on.
    public func subscribe<Model: Sendable>(
        queue: DispatchQueue, transform: @escaping @Sendable (Output) -> Model, handler: @escaping @Sendable (Model) -> Void
    ) -> any Cancellable {
        let subscription = PagerSubscription()
        let id = addSubscriber(PagerState.Subscriber(
            deliver: { output in
                let model = transform(output)
                queue.async { if subscription.isActive { handler(model) } }
            },
            finish: {}
        ))
        subscription.setOnCancel { [weak self] in self?.removeSubscriber(id) }
        return subscription
    }

    /// Calls `handler` on the main actor with the view `transform` makes of each output, as
    /// ``subscribe(queue:transform:handler:)``: what a `@MainActor` view model passes.
    ///
    /// - Parameters:
    ///   - transform: makes the view of an output, off the main actor.
    ///   - handler: takes each view, on the main actor.
    /// - Returns: the subscription.
    public func subscribe<Model: Sendable>(
        transform: @escaping @Sendable (Output) -> Model, handler: @escaping @MainActor (Model) -> Void
    ) -> any Cancellable {
        subscribe(queue: .main, transform: transform) { model in MainActor.assumeIsolated { handler(model) } }
    }
}

/// A handler's subscription to a pager's outputs.
final class PagerSubscription: Cancellable {
    private let state = Mutex<(isCancelled: Bool, onCancel: (@Sendable () -> Void)?)>((false, nil))

    var isActive: Bool { !state.withLock { $0.isCancelled } }

    /// Sets what cancelling does, once the subscriber is added; runs it at once when the
    /// subscription was cancelled before.
    func setOnCancel(_ onCancel: @escaping @Sendable () -> Void) {
        let cancelled = state.withLock { state -> Bool in
            if !state.isCancelled { state.onCancel = onCancel }
            return state.isCancelled
        }
        if cancelled { onCancel() }
    }

    func cancel() {
        let onCancel = state.withLock { state -> (@Sendable () -> Void)? in
            state.isCancelled = true
            defer { state.onCancel = nil }
            return state.onCancel
        }
        onCancel?()
    }
}
