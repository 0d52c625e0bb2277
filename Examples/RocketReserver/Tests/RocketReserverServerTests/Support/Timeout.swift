/// A test step that took longer than it may.
struct TimeoutError: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "Timed out after \(seconds) s" }
}

/// A failure of the test harness itself (not of the server's behaviour).
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `operation`, failing with `TimeoutError` when it takes longer than `seconds`: no test
/// step waits without bound.
func withTimeout<T: Sendable>(_ seconds: Double, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw TimeoutError(seconds: seconds)
        }
        defer { group.cancelAll() }
        guard let result = try await group.next() else { throw TimeoutError(seconds: seconds) }
        return result
    }
}

/// Polls `condition` every 10 ms until it holds, for at most `seconds`.
func waitUntil(_ seconds: Double, _ what: String, _ condition: @escaping @Sendable () async -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    throw TestFailure("Timed out after \(seconds) s waiting until \(what)")
}
