import OrionAPI
import OrionCache

/// Identical queries in flight share one request: the client's deduplication.
///
/// Queries are identical when they are the same operation with the same variables and the same
/// cache plan for the result (written or not). The first caller starts the request in a task of
/// its own; callers that come while it runs wait for the same result, and each gets it.
///
/// Guarantees:
/// - **One request.** While a request runs, no identical one is sent; one that comes after it
///   ended starts a new request (a result is never served from this table once delivered).
/// - **Cancelling one caller does not cancel the others.** A cancelled caller stops waiting at
///   once with `CancellationError`; the request is cancelled only when no caller waits for it.
/// - **One write.** The request's task writes the result to the cache once, for every caller.
final class InFlightQueries: Sendable {
    struct Key: Hashable, Sendable {
        let operation: ObjectIdentifier
        /// The variables as canonical JSON (keys sorted).
        let variables: String
        let writes: Bool
    }

    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<any Sendable, any Error>
    }

    /// A request in flight and its callers; `id` tells it from a later request under its key.
    private struct Entry {
        let id: Int
        var waiters: [Waiter] = []
        var task: Task<Void, Never>?
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var lastID = 0

        mutating func nextID() -> Int {
            lastID += 1
            return lastID
        }
    }

    private enum Join {
        case cancelled
        case joined
        case started(entry: Int)
    }

    private let state = Mutex(State())

    /// How many requests are in flight, and how many callers wait for them.
    var counts: InFlightQueryCounts {
        state.withLock { state in
            InFlightQueryCounts(requests: state.entries.count, callers: state.entries.values.reduce(0) { $0 + $1.waiters.count })
        }
    }

    /// The key of `operation` under a plan that does or does not write the result.
    static func key<Operation: GraphQLOperation>(for operation: Operation, writes: Bool) -> Key {
        Key(operation: ObjectIdentifier(Operation.self), variables: JSONEncoding.string(.object(operation.__variables)), writes: writes)
    }

    /// `request`'s result, from the request in flight under `key` if there is one, else from a
    /// new one that later identical callers share.
    func run<Value: Sendable>(_ key: Key, _ request: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let id = state.withLock { $0.nextID() }
        let shared = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any Sendable, any Error>) in
                let join = state.withLock { state -> Join in
                    if Task.isCancelled { return .cancelled }
                    let waiter = Waiter(id: id, continuation: continuation)
                    if state.entries[key] != nil {
                        state.entries[key]?.waiters.append(waiter)
                        return .joined
                    }
                    let entry = state.nextID()
                    state.entries[key] = Entry(id: entry, waiters: [waiter])
                    return .started(entry: entry)
                }
                switch join {
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                case .joined:
                    break
                case .started(let entry):
                    let task = Task {
                        let outcome: Result<any Sendable, any Error>
                        do {
                            outcome = .success(try await request())
                        } catch {
                            outcome = .failure(error)
                        }
                        self.finish(key, entry: entry, with: outcome)
                    }
                    let orphaned = state.withLock { state -> Bool in
                        // Every caller may have left before the task was recorded.
                        guard state.entries[key]?.id == entry else { return true }
                        state.entries[key]?.task = task
                        return false
                    }
                    if orphaned { task.cancel() }
                }
            }
        } onCancel: {
            leave(key, waiter: id)
        }
        // The key names the operation's type, so the value is the caller's type; anything else
        // would be this table's bug, which a fresh request hides from the caller.
        guard let value = shared as? Value else { return try await request() }
        return value
    }

    /// Hands the request's outcome to everyone waiting for it, and forgets it.
    private func finish(_ key: Key, entry: Int, with outcome: Result<any Sendable, any Error>) {
        let waiters = state.withLock { state -> [Waiter] in
            guard state.entries[key]?.id == entry else { return [] }
            return state.entries.removeValue(forKey: key)?.waiters ?? []
        }
        for waiter in waiters { waiter.continuation.resume(with: outcome) }
    }

    /// A caller was cancelled: it stops waiting, and when no one waits, the request stops and
    /// is forgotten, so that a later identical caller starts a new one.
    private func leave(_ key: Key, waiter id: Int) {
        let (waiter, orphaned) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
            guard var entry = state.entries[key], let index = entry.waiters.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
            let waiter = entry.waiters.remove(at: index)
            guard entry.waiters.isEmpty else {
                state.entries[key] = entry
                return (waiter, nil)
            }
            state.entries[key] = nil
            return (waiter, entry.task)
        }
        waiter?.continuation.resume(throwing: CancellationError())
        orphaned?.cancel()
    }
}

/// The queries a client has in flight: how many requests, and how many fetches wait for them
/// (more fetches than requests is deduplication at work). For diagnostics and tests.
public struct InFlightQueryCounts: Sendable, Hashable {
    public var requests: Int
    public var callers: Int

    public init(requests: Int, callers: Int) {
        self.requests = requests
        self.callers = callers
    }
}
