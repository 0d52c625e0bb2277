import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of the
/// concurrency pool.
///
/// For a test whose work is long and synchronous (a differential test's subprocess and its
/// thousands of comparisons): on the pool it would hold one of its threads (two on a two-core
/// machine) for minutes, and the other tests' tasks, waiting for servers with time limits, would
/// not run. The operating system shares the cores between this thread and the pool's.
///
/// `body` must not record issues (`#expect`): it runs outside the test's task. Return what to
/// check and check it after.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
