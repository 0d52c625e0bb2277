import Foundation

/// The RocketReserver server (`Examples/RocketReserver`, built before these tests run) as a
/// child process on a free port of 127.0.0.1, with a database of its own; or on a given port
/// with a given database directory, to stop it and start it again where it was.
///
/// No thread of the concurrency pool waits for it: the start waits for the server's first line,
/// `crash()` for its exit, on threads of their own, and the end of the server (its graceful
/// shutdown, then SIGKILL) happens on one after `deinit`. Tests under the thread sanitizer on two
/// cores start dozens of servers at once, and two threads blocked in starts or shutdowns stopped
/// every other test: one took 55 s, against 1.7 s alone.
final class RocketReserverProcess: Sendable {
    // Started once in init; only terminated or killed after, through `exit`.
    private let process: Process
    private let exit = Exit()
    private let directory: URL
    /// Whether the database directory is this process's to delete (it made it).
    private let ownsDirectory: Bool
    let url: URL
    /// The folder of the database, to start another server on the same data.
    var databaseDirectory: URL { directory }

    /// The built server: `ROCKET_RESERVER_SERVER`, else the example package's debug build.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["ROCKET_RESERVER_SERVER"] { return URL(fileURLWithPath: path) }
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repository.appendingPathComponent("Examples/RocketReserver/.build/debug/rocket-reserver-server")
    }

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts a server on `port` (0 for a free one) over the database in `databaseDirectory`
    /// (a new temporary one, deleted with the process, when `nil`); with `safelist`, a
    /// persisted-query manifest, it runs only that manifest's operations.
    init(port: Int = 0, databaseDirectory: URL? = nil, safelist: URL? = nil) async throws {
        let executable = Self.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw StartError(description: "\(executable.path) is not built: run `swift build --package-path Examples/RocketReserver` first, or set ROCKET_RESERVER_SERVER to a built server.")
        }
        ownsDirectory = databaseDirectory == nil
        directory = databaseDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("orion-rocket-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = executable
        // A connection_init deadline no busy test machine misses: the tests wait for events, and
        // the server's 10 s default would make a slow one fail with 4408.
        process.arguments = ["--port", String(port), "--database", directory.appendingPathComponent("rocket.sqlite").path,
                             "--connection-init-timeout", "600"]
        if let safelist { process.arguments? += ["--safelist", safelist.path] }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { [exit] _ in exit.signal() }
        try process.run()

        // The first line names the URL; a server that dies or stays silent fails the start.
        let firstLine = FirstLine()
        output.fileHandleForReading.readabilityHandler = { handle in firstLine.add(handle.availableData) }
        let text = try await onOwnThread { firstLine.wait(seconds: 60) }
        output.fileHandleForReading.readabilityHandler = nil
        let prefix = "RocketReserver server at "
        guard let line = text.split(separator: "\n").first, line.hasPrefix(prefix),
              let url = URL(string: String(line.dropFirst(prefix.count))) else {
            process.terminate()
            throw StartError(description: "the server did not say where it serves; it printed: \(text)")
        }
        self.url = url
    }

    /// Kills the server at once (SIGKILL, like a crash: no close frames) and waits for it to exit.
    func crash() async throws {
        let (processIdentifier, exit) = (process.processIdentifier, exit)
        try await onOwnThread {
            if !exit.hasExited { _ = kill(processIdentifier, SIGKILL) }
            exit.wait(seconds: 10)
        }
    }

    deinit {
        // A graceful shutdown waits for open connections (a client's WebSocket): killed if it
        // has not exited within 3 s, on a thread of its own.
        if !exit.hasExited, process.isRunning { process.terminate() }
        let (processIdentifier, exit, directory, ownsDirectory) = (process.processIdentifier, exit, directory, ownsDirectory)
        Thread.detachNewThread {
            if !exit.wait(seconds: 3) {
                _ = kill(processIdentifier, SIGKILL)
                exit.wait(seconds: 10)
            }
            if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
        }
    }
}

/// The exit of the server's process, signalled by its termination handler.
private final class Exit: @unchecked Sendable {
    // `exited` is guarded by `lock`; `signalled` is signalled once, by the termination handler.
    private let signalled = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var exited = false

    /// Whether the exit has been waited for: after it, the process identifier may belong to
    /// another process, and is not signalled again.
    var hasExited: Bool { lock.withLock { exited } }

    func signal() { signalled.signal() }

    /// Waits, at most `seconds`, for the termination handler. Not `waitUntilExit()`: on Linux it
    /// spins forever when Foundation misses the exit of one of several children started at once
    /// (a GeneratedCode run hung there). Blocks: call it on a thread of its own.
    @discardableResult
    func wait(seconds: Double) -> Bool {
        if hasExited { return true }
        guard signalled.wait(timeout: .now() + seconds) == .success else { return false }
        lock.withLock { exited = true }
        return true
    }
}

/// The first line a process prints, waited for with a time limit.
private final class FirstLine: @unchecked Sendable {
    // `text` is guarded by `lock`; `done` is signalled once, at the first newline or at EOF.
    private var text = ""
    private var finished = false
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    func add(_ data: Data) {
        lock.withLock {
            guard !finished else { return }
            text += String(decoding: data, as: UTF8.self)
            if data.isEmpty || text.contains("\n") {
                finished = true
                done.signal()
            }
        }
    }

    func wait(seconds: Double) -> String {
        _ = done.wait(timeout: .now() + seconds)
        return lock.withLock { text }
    }
}
