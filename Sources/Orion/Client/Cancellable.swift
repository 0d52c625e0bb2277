import Dispatch
import OrionCache

/// A request in flight that can be cancelled: cancelling stops the HTTP request, and the
/// result handler is not called.
public protocol Cancellable: Sendable {
    func cancel()
}

/// A callback-style call: the task that runs its async form, and the deliveries of its results
/// to the handler's queue, each of which is dropped once the call is cancelled, even when it was
/// already queued.
final class CallbackCall: Cancellable {
    private let state = Mutex<(task: Task<Void, Never>?, isCancelled: Bool)>((nil, false))

    /// Runs `body` in a task of its own; it delivers with ``deliver(on:_:)``.
    static func start(_ body: @escaping @Sendable (CallbackCall) async -> Void) -> CallbackCall {
        let call = CallbackCall()
        let task = Task { await body(call) }
        let isCancelled = call.state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if isCancelled { task.cancel() }
        return call
    }

    /// Runs `handle` on `queue`, unless the call is cancelled by then.
    func deliver(on queue: DispatchQueue, _ handle: @escaping @Sendable () -> Void) {
        queue.async {
            guard !self.state.withLock({ $0.isCancelled }) else { return }
            handle()
        }
    }

    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
