import Foundation

/// Runs blocking work (a child process read to the end of its output) on a thread of its own.
///
/// On the concurrency pool it would hold one of its few threads (two on a 2-core machine) for as
/// long as it blocks: two such tests at once stop every other test, including the one whose
/// progress would end the wait (a server it started that inherited the pipe, say).
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
