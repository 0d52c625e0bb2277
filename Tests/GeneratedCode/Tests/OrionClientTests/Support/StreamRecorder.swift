import Foundation

/// Reads a stream in a task of its own and keeps what came, so that a test can wait for each
/// element with a bound (waiting on the stream itself, a cancelled wait would end it).
final class StreamRecorder<Element: Sendable>: Sendable {
    enum Outcome: Sendable {
        case element(Element)
        case finished
        case failed(any Error)
    }

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    private struct Waiter {
        let id: UUID
        let continuation: CheckedContinuation<Outcome?, Never>
    }

    private struct State {
        var outcomes: [Outcome] = []
        var read = 0
        /// The one reader waiting for the next outcome.
        var waiter: Waiter?

        /// The next outcome not read yet, marked read.
        mutating func take() -> Outcome? {
            guard read < outcomes.count else { return nil }
            read += 1
            return outcomes[read - 1]
        }
    }

    private let state = Locked(State())
    private let task: Task<Void, Never>

    init(_ stream: AsyncThrowingStream<Element, any Error>) {
        let state = state
        @Sendable func add(_ outcome: Outcome) {
            let ready = state.withLock { state -> (Waiter, Outcome?)? in
                state.outcomes.append(outcome)
                guard let waiter = state.waiter else { return nil }
                state.waiter = nil
                return (waiter, state.take())
            }
            if let (waiter, outcome) = ready { waiter.continuation.resume(returning: outcome) }
        }
        task = Task {
            do {
                for try await element in stream { add(.element(element)) }
                add(.finished)
            } catch {
                add(.failed(error))
            }
        }
    }

    /// The next outcome, or `nil` when none came within `timeout` seconds.
    func next(timeout: Double) async throws -> Outcome? {
        let id = UUID()
        let state = state
        let expiry = Task {
            guard (try? await Task.sleep(nanoseconds: UInt64(timeout * 1e9))) != nil else { return }
            let waiter = state.withLock { state -> Waiter? in
                guard state.waiter?.id == id else { return nil }
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.continuation.resume(returning: nil)
        }
        defer { expiry.cancel() }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Outcome?? in
                if let outcome = state.take() { return .some(outcome) }
                precondition(state.waiter == nil, "one reader at a time")
                state.waiter = Waiter(id: id, continuation: continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The next element; throws when the stream ended or nothing came in time.
    func nextElement(timeout: Double = 30) async throws -> Element {
        switch try await next(timeout: timeout) {
        case .element(let element): return element
        case .finished: throw Timeout(description: "the stream finished instead")
        case .failed(let error): throw error
        case nil: throw Timeout(description: "nothing within \(timeout) s")
        }
    }

    /// Every outcome not read yet.
    var unread: [Outcome] {
        state.withLock { Array($0.outcomes.dropFirst($0.read)) }
    }

    func cancel() {
        task.cancel()
    }

    deinit {
        task.cancel()
    }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    // Every access to `value` holds `lock`.
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
