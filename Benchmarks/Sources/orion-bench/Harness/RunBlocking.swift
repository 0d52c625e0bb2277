import Foundation

/// Runs async work to its end from the synchronous code the harness times, and returns its
/// result or throws its error.
///
/// Blocks the calling thread while the work runs on the cooperative pool, so it must be the main
/// thread: blocking one of the pool's threads (two on this machine) could leave the work none to
/// run on. Work that has not ended after `timeout` seconds is an error rather than a hang.
func runBlocking<T: Sendable>(timeout: Double = 60, _ body: @escaping @Sendable () async throws -> T) throws -> T {
    precondition(Thread.isMainThread, "runBlocking blocks its thread: call it from the main thread only")
    let outcome = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    let task = Task.detached {
        do {
            outcome.set(.success(try await body()))
        } catch {
            outcome.set(.failure(error))
        }
        done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else {
        task.cancel()
        throw BenchmarkError(description: "the work did not end within \(Int(timeout)) s")
    }
    guard let result = outcome.get() else { throw BenchmarkError(description: "the work ended without a result") }
    return try result.get()
}

/// The result of `runBlocking`'s task, handed to the blocked thread.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    // Written by the task, read by the waiting thread: always under the lock.
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) {
        lock.withLock { self.result = result }
    }

    func get() -> Result<T, any Error>? {
        lock.withLock { result }
    }
}
