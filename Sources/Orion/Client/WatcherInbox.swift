import OrionCache
/// A watcher's queue of work, consumed by its one loop in order: store changes it depends on,
/// coalesced (one more read, however many writes landed meanwhile), and refetch requests.
///
/// It knows the fields the watcher's data depends on and the store version that data is as of:
/// a change at or before that version is already in the data and is dropped, which is how a
/// fetch's own write (and a refetch's) does not bring the loop round again.
final class WatcherInbox: Sendable {
    /// What the loop does next.
    enum Work: Sendable, Equatable {
        /// Read the query from the cache again: a change it depends on came after its data.
        case reread
        /// Fetch the query from the server (`refetch()`).
        case refetch
    }

    private struct State {
        /// What the data depends on; nil until known (before the first result), when every
        /// change may matter.
        var fields: Set<CacheField>?
        /// The store version the data is as of.
        var settledVersion: UInt64 = 0
        /// The latest version of a change of `fields`.
        var changedVersion: UInt64 = 0
        var refetchRequested = false
        var isFinished = false
        /// The loop, when it waits for work.
        var waiter: CheckedContinuation<Work?, Never>?

        /// The next work, if any, taken off the queue.
        mutating func take() -> Work?? {
            if isFinished { return .some(nil) }
            if refetchRequested {
                refetchRequested = false
                return Work.refetch
            }
            if changedVersion > settledVersion { return Work.reread }
            return nil
        }
    }

    private let state = Mutex(State())

    /// A store change: work for the loop if it touches what the data depends on and is later
    /// than the data.
    func changed(_ change: StoreChange) {
        wake { state in
            guard change.version > state.settledVersion, change.version > state.changedVersion else { return }
            if let fields = state.fields, !change.fields.contains(where: fields.contains) { return }
            state.changedVersion = change.version
        }
    }

    /// The watcher's data is now as of `dependencies.version`, read from its fields.
    func settle(_ dependencies: CacheDependencies) {
        state.withLock { state in
            state.fields = dependencies.fields
            state.settledVersion = max(state.settledVersion, dependencies.version)
        }
    }

    /// Every change up to `version` has been dealt with (a read that missed, then a refetch or
    /// nothing): it brings no more work, and what the data depends on stays as it was.
    func settle(version: UInt64) {
        state.withLock { $0.settledVersion = max($0.settledVersion, version) }
    }

    /// Whether what the data depends on is known: a result was read or written.
    var knowsDependencies: Bool {
        state.withLock { $0.fields != nil }
    }

    func requestRefetch() {
        wake { $0.refetchRequested = true }
    }

    /// A refetch, if the data depends on any of `fields` (a mutation's `touchedWatchers`).
    func refetch(ifDependingOnAnyOf fields: Set<CacheField>) {
        wake { state in
            if let depends = state.fields, !depends.isDisjoint(with: fields) { state.refetchRequested = true }
        }
    }

    /// Ends the loop: `next()` returns nil from now on.
    func finish() {
        wake { $0.isFinished = true }
    }

    /// The next work, waiting until there is some; nil once finished.
    func next() async -> Work? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Work?? in
                if let work = state.take() { return work }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Changes the state, then hands the loop its work if it is waiting and there is some.
    private func wake(_ change: (inout State) -> Void) {
        let ready = state.withLock { state -> (CheckedContinuation<Work?, Never>, Work?)? in
            change(&state)
            guard let waiter = state.waiter, let work = state.take() else { return nil }
            state.waiter = nil
            return (waiter, work)
        }
        if let (waiter, work) = ready { waiter.resume(returning: work) }
    }
}
