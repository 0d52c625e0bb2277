import Foundation
import OrionCache

/// Tasks waiting for a count (requests received, subscribers listening) to reach a number: the
/// owner of the count reports each new value, and waiters resume as soon as it is reached.
final class CountWaiters: Sendable {
    private struct State {
        var count = 0
        var waiters: [UUID: (target: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
    }

    private let state = Mutex(State())

    /// Reports the count's new value.
    func update(_ count: Int) {
        let ready = state.withLock { state in
            state.count = count
            let ready = state.waiters.filter { $0.value.target <= count }
            for key in ready.keys { state.waiters[key] = nil }
            return ready.values.map(\.continuation)
        }
        for waiter in ready { waiter.resume() }
    }

    /// Returns once the count is at least `target`, or the waiting task is cancelled.
    func wait(forAtLeast target: Int) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    guard state.count < target, !Task.isCancelled else { return true }
                    state.waiters[id] = (target, continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }
}
