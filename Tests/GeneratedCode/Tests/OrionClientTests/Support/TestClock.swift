import Foundation

/// A time that moves only when the test moves it, for a store's `now`: cache expiry is tested
/// by setting the time, not by waiting for it.
final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    /// The time now.
    var now: Date { current.withLock { $0 } }

    /// Moves time on by `seconds`.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
