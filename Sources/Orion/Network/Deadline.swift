import Foundation

/// A bound on the time an operation may take as a whole, measured on a ``DeadlineClock``.
struct Deadline: Sendable {
    let seconds: TimeInterval
    let clock: any DeadlineClock

    /// Runs `operation`, and cancels it when `seconds` pass first, throwing
    /// ``NetworkError/deadlineExceeded(seconds:)``. A deadline that is not a finite positive number
    /// of seconds (`.infinity`) does not apply.
    func run<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        // Past a century the nanoseconds would overflow, and nobody waits that long.
        guard seconds.isFinite, seconds > 0, seconds < 3_000_000_000 else { return try await operation() }
        let (seconds, clock) = (self.seconds, self.clock)
        return try await withThrowingTaskGroup(of: Outcome<Value>.self) { group in
            group.addTask { .finished(try await operation()) }
            group.addTask {
                try await clock.sleep(seconds: seconds)
                return .timedOut
            }
            // The first to end decides; the other is cancelled, and the group waits for it.
            defer { group.cancelAll() }
            switch try await group.next() {
            case .finished(let value)?: return value
            case .timedOut?: throw NetworkError.deadlineExceeded(seconds: seconds)
            case nil: throw CancellationError()
            }
        }
    }

    private enum Outcome<Value: Sendable>: Sendable {
        case finished(Value)
        case timedOut
    }
}
