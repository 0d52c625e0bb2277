import Foundation
import Orion
@testable import OrionWebSocket

/// A `WebSocketClock` the test drives: time moves only when the test advances it, and each sleep
/// is announced, so that a test reads the delays the transport chose instead of waiting them out.
final class TestClock: WebSocketClock {
    private struct Sleeper {
        let deadline: Double
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Double = 1_000
        var sleepers: [Int: Sleeper] = [:]
        var count = 0
    }

    private let state = Mutex(State())
    private let random: Double
    private let requests: AsyncStream<Double>
    private let requestsContinuation: AsyncStream<Double>.Continuation

    /// A clock whose `randomFraction` is always `random`.
    init(random: Double = 0.5) {
        self.random = random
        (requests, requestsContinuation) = AsyncStream.makeStream()
    }

    var now: Double { state.withLock { $0.now } }

    func randomFraction() -> Double { random }

    func sleep(seconds: Double) async throws {
        let id = state.withLock { state in
            state.count += 1
            return state.count
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    state.sleepers[id] = Sleeper(deadline: state.now + seconds, continuation: continuation)
                    return false
                }
                if cancelled { return continuation.resume(throwing: CancellationError()) }
                requestsContinuation.yield(seconds)
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The length of the next sleep the transport starts.
    func nextSleep(timeout: Double = harnessPatience) async throws -> Double {
        let requests = requests
        let seconds = try await withTimeout(timeout, "a sleep on the clock") {
            var iterator = requests.makeAsyncIterator()
            return await iterator.next()
        }
        guard let seconds else { throw HarnessError(description: "no more sleeps") }
        return seconds
    }

    /// Moves time on by `seconds`, waking every sleep whose time has come.
    func advance(by seconds: Double) {
        let due = state.withLock { state -> [Sleeper] in
            state.now += seconds
            let due = state.sleepers.filter { $0.value.deadline <= state.now + 1e-9 }
            for id in due.keys { state.sleepers[id] = nil }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
