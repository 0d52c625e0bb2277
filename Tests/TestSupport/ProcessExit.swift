import Foundation

/// The exit of a child process, waited for through its termination handler, with a time limit.
///
/// Not `Process.waitUntilExit()`: on Linux it polls a run loop until `isRunning` turns false,
/// and when Foundation misses a child's exit (it can, with several children started at once) it
/// spins forever, holding its thread; a GeneratedCode run hung 15 minutes in it.
public final class ProcessExit: Sendable {
    private let exited = DispatchSemaphore(value: 0)

    /// Watches `process`, which must not have been started yet: this sets its termination handler.
    public init(of process: Process) {
        process.terminationHandler = { [exited] _ in exited.signal() }
    }

    /// Waits, at most `seconds`, for the exit; whether it came. Once it has, every later wait
    /// returns true at once.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        guard exited.wait(timeout: .now() + seconds) == .success else { return false }
        exited.signal()
        return true
    }
}

extension Process {
    /// Runs the process to its end, at most `seconds`: one still running then is killed, and the
    /// run throws.
    public func runToExit(within seconds: Double) throws {
        let exit = ProcessExit(of: self)
        try run()
        guard exit.wait(seconds: seconds) else {
            terminate()
            if !exit.wait(seconds: 5) {
                kill(processIdentifier, SIGKILL)
                exit.wait(seconds: 5)
            }
            throw Subprocess.Failure(description: "\(executableURL?.lastPathComponent ?? "a child process") \(arguments ?? []) did not exit within \(Int(seconds)) s")
        }
    }
}
