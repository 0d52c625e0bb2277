import Foundation

/// A value guarded by a lock: the one owner of mutable state shared across threads.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this works back to iOS 15 and on Linux.
package final class Mutex<Value>: @unchecked Sendable {
    // Every access to `value` holds `lock`; nothing else can reach it. The lock is what makes
    // accesses exclusive, so the runtime's check of each one (a thread-local lookup per lock
    // taken) is left out.
    @exclusivity(unchecked) private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
