import Foundation
import OrionCache

/// A load of a pager (the next page, the previous page, or a refetch) that several callers
/// await: concurrent `loadNext()` calls join one load instead of starting one each.
///
/// The load runs until every caller that joined it is cancelled: a caller's cancellation alone
/// does not stop a load others still wait for.
final class PageLoad: Sendable {
    enum Kind: Sendable, CaseIterable {
        case next, previous, refetch
    }

    let id: UUID
    let task: Task<Void, any Error>
    /// The callers that wait and are not cancelled; 0 once the load is abandoned.
    private let callers = Mutex(1)

    init(id: UUID, task: Task<Void, any Error>) {
        self.id = id
        self.task = task
    }

    /// The callers that wait and are not cancelled.
    var callerCount: Int { callers.withLock { $0 } }

    /// Adds a caller; `false` when every caller has left and the load is being cancelled, so
    /// that the caller starts a load of its own.
    func join() -> Bool {
        callers.withLock { callers in
            guard callers > 0 else { return false }
            callers += 1
            return true
        }
    }

    /// Waits for the load; a cancelled caller leaves it, and the last to leave cancels it.
    func wait() async throws {
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            let isLast = callers.withLock { callers in
                callers -= 1
                return callers == 0
            }
            if isLast { task.cancel() }
        }
    }
}
