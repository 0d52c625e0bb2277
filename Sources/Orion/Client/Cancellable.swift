/// A request in flight that can be cancelled: cancelling stops the HTTP request, and the
/// result handler is not called.
public protocol Cancellable: Sendable {
    func cancel()
}

/// A `Cancellable` for the task that runs a callback-style call.
struct TaskCancellable: Cancellable {
    let task: Task<Void, Never>

    func cancel() {
        task.cancel()
    }
}
