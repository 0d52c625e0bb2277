import Orion

/// The events of one operation on their way from the session to the operation's consumer: a
/// queue under a lock, and the consumer's continuation while it waits for one.
///
/// Not generic on purpose: the session only moves indexed messages, and the consumer decodes the
/// typed result in its own task, so no generic stream machinery runs per event, and the decoding
/// work falls on the consumer rather than on the socket's reader.
final class OperationEventQueue: Sendable {
    private struct State {
        var events: [OperationEvent] = []
        var head = 0
        var waiting: UnsafeContinuation<OperationEvent?, Never>?
        var cancelled = false

        mutating func take() -> OperationEvent? {
            guard head < events.count else { return nil }
            // Moved out, not copied: the queue lets go of it here.
            var event = OperationEvent.completed
            swap(&event, &events[head])
            head += 1
            if head == events.count {
                events.removeAll(keepingCapacity: true)
                head = 0
            }
            return event
        }
    }

    private let state = Mutex(State())
    /// Called each time the consumer starts to wait for an event: lets a test push to a
    /// consumer it knows is waiting.
    private let consumerWaits: (@Sendable () -> Void)?

    init(consumerWaits: (@Sendable () -> Void)? = nil) {
        self.consumerWaits = consumerWaits
    }

    /// Adds an event; in order, from one producer at a time (the session's loop).
    func push(_ event: OperationEvent) {
        let waiting = state.withLock { state -> UnsafeContinuation<OperationEvent?, Never>? in
            guard let waiting = state.waiting else {
                state.events.append(event)
                return nil
            }
            state.waiting = nil
            return waiting
        }
        waiting?.resume(returning: event)
    }

    /// The next event, waiting for one; `nil` once the consuming task is cancelled.
    ///
    /// Inlined into the consumer: an event already queued, the common case when they come
    /// quickly, is taken without an async call of its own.
    @inline(__always)
    func next() async -> OperationEvent? {
        // A cancelled consumer gets no more, as with `AsyncThrowingStream`, even what is queued.
        if Task.isCancelled { return nil }
        if let event = state.withLock({ $0.take() }) { return event }
        return await waitForNext()
    }

    /// The next event, once the queue is empty: waits for `push` or the task's cancellation.
    private func waitForNext() async -> OperationEvent? {
        // Unchecked: the consumer waits here for most events, and the checked continuation's
        // allocation was 1 % of an event's instructions. It is resumed once, by whoever takes it
        // out of `waiting` under the lock (`push`, the cancellation handler), or here.
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<OperationEvent?, Never>) in
                let ready = state.withLock { state -> OperationEvent?? in
                    if state.cancelled { return .some(nil) }
                    if let event = state.take() { return .some(event) }
                    state.waiting = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) } else { consumerWaits?() }
            }
        } onCancel: {
            let waiting = state.withLock { state -> UnsafeContinuation<OperationEvent?, Never>? in
                state.cancelled = true
                defer { state.waiting = nil }
                return state.waiting
            }
            waiting?.resume(returning: nil)
        }
    }
}

/// Stops an operation on the server when its stream is gone: whoever reads it stopped.
final class OperationLifetime: Sendable {
    private let stop: @Sendable () async -> Void

    init(stop: @escaping @Sendable () async -> Void) {
        self.stop = stop
    }

    deinit {
        let stop = stop
        Task { await stop() }
    }
}
