import Foundation

extension Process {
    /// Starts the process and waits, at most `seconds`, for its exit: through its termination
    /// handler, not `waitUntilExit()`, which on Linux can spin forever when Foundation misses a
    /// child's exit. `whileRunning` runs meanwhile (reading a pipe to its end, say). A process
    /// still running at the limit is killed, and the run throws.
    func runToExit(within seconds: Double, whileRunning: () throws -> Void = {}) throws {
        let exited = DispatchSemaphore(value: 0)
        terminationHandler = { _ in exited.signal() }
        try run()
        try whileRunning()
        guard exited.wait(timeout: .now() + seconds) == .success else {
            kill(processIdentifier, SIGKILL)
            throw BenchmarkError(description: "\(executableURL?.lastPathComponent ?? "a child") \(arguments ?? []) did not exit within \(Int(seconds)) s")
        }
    }
}
