/// The bound of one test step, for a test that fails, not a schedule: far above a step's time
/// when CI runs every test at once under the thread sanitizer on two cores, where 10 s was not.
let stepBound: Double = 60

/// Runs `operation`, failing when it takes longer than `seconds` (a bound for a test that fails,
/// not a schedule).
func withTimeout<T: Sendable>(
    seconds: Double, _ what: String, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw AppTestFailure("\(what) did not happen within \(seconds) s")
        }
        defer { group.cancelAll() }
        guard let result = try await group.next() else { throw AppTestFailure("\(what): no result") }
        return result
    }
}
