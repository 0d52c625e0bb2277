import Foundation

/// The time request deadlines are measured in: ``SystemDeadlineClock`` in an app, a clock the
/// test advances in tests, so that a test of a deadline neither sleeps nor depends on timing.
///
/// (Swift's `Clock` protocol would do, but needs macOS 13 / iOS 16.)
public protocol DeadlineClock: Sendable {
    /// Returns once `seconds` have passed on this clock.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first; it must then return
    ///   promptly, as the deadline is raced against the request and the loser is cancelled.
    func sleep(seconds: TimeInterval) async throws
}

/// The real time: `Task.sleep`.
public struct SystemDeadlineClock: DeadlineClock {
    public init() {}

    public func sleep(seconds: TimeInterval) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
