import Foundation

/// Counts an event that happens on other threads (a request received, a connection closed, a
/// handler called) and lets a test wait until it has happened a number of times.
final class EventCount: Sendable {
    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    private struct Waiter {
        let id: UUID
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var count = 0
        var waiters: [Waiter] = []
    }

    private let state = Locked(State())

    /// How many times the event has happened.
    var count: Int { state.withLock { $0.count } }

    /// Notes one more occurrence, waking whoever waits for this many.
    func record() {
        let ready = state.withLock { state -> [Waiter] in
            state.count += 1
            let count = state.count
            let ready = state.waiters.filter { $0.count <= count }
            state.waiters.removeAll { $0.count <= count }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    /// Returns once the event has happened `count` times. `seconds` bounds the wait of a test
    /// that fails (it throws then); it is not how long anything is expected to take.
    func wait(for count: Int, within seconds: Double = 30, _ what: String) async throws {
        let id = UUID()
        let timeout = Task { [state] in
            guard (try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))) != nil else { return }
            let expired = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            expired?.continuation.resume(returning: false)
        }
        defer { timeout.cancel() }
        let happened = await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.count >= count { return true }
                state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
                return false
            }
            if done { continuation.resume(returning: true) }
        }
        guard happened else { throw Timeout(description: "\(what): \(self.count) of \(count) within \(seconds) s") }
    }
}
