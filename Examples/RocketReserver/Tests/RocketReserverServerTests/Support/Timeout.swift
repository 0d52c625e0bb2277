import RocketReserverServer

/// The bound of one test step, for a test that fails, not a schedule: far above a step's time
/// when CI runs every test at once under the thread sanitizer on two cores, where 10 s was not.
let stepBound: Double = 60

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

/// Returns once the number of the server's listening subscriptions meets `condition`; fails
/// after `seconds` (a bound for a test that fails, not a schedule).
func waitUntil(
    _ seconds: Double, _ what: String, _ server: RocketReserverServer, subscriptions condition: @escaping @Sendable (Int) -> Bool
) async throws {
    do {
        try await withTimeout(seconds) { await server.waitForActiveSubscriptions(where: condition) }
    } catch is TimeoutError {
        throw TestFailure("Timed out after \(seconds) s waiting until \(what)")
    }
}
