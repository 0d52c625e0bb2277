import Foundation
@testable import Orion

/// A clock that moves only when the test advances it: deadlines are tested by events, without
/// sleeping.
final class ManualDeadlineClock: DeadlineClock {
    private struct Sleeper {
        let id: Int
        let wake: TimeInterval
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: TimeInterval = 0
        var nextID = 0
        var sleepers: [Sleeper] = []
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    func sleep(seconds: TimeInterval) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (cancelled, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, wake: state.now + seconds, continuation: continuation))
                    let count = state.sleepers.count
                    let ready = state.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
                    state.sleeperWaiters.removeAll { $0.count <= count }
                    return (false, ready)
                }
                for waiter in ready { waiter.resume() }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on, waking the sleepers whose time has come.
    func advance(by seconds: TimeInterval) {
        let due = state.withLock { state -> [Sleeper] in
            state.now += seconds
            let now = state.now
            defer { state.sleepers.removeAll { $0.wake <= now } }
            return state.sleepers.filter { $0.wake <= now }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once `count` sleepers wait: the deadline has started, so advancing now reaches it.
    func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}
