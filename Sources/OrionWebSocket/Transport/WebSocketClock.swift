import Foundation
import Orion

/// Time and chance, as a `WebSocketTransport` uses them: the waits between reconnection attempts,
/// how long a socket lasted, and the jitter of the waits.
///
/// The transport's one source of both, so that a test can drive reconnection without sleeping:
/// it gives a clock whose `sleep` returns when the test advances it. (Swift's `Clock` would do
/// for time, but needs macOS 13 and iOS 16.) A ``DeadlineClock`` (the HTTP transport's) that
/// also tells the time and draws random numbers.
public protocol WebSocketClock: DeadlineClock {
    /// Seconds since a fixed point of this clock's choosing; never decreases.
    var now: Double { get }
    /// A number in `0..<1`, for the jitter of a reconnection delay.
    func randomFraction() -> Double
}

/// The system's monotonic time, `Task.sleep`, and the system's random numbers.
public struct SystemWebSocketClock: WebSocketClock {
    public init() {}

    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000 }

    public func sleep(seconds: Double) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }

    public func randomFraction() -> Double {
        Double.random(in: 0..<1)
    }
}
