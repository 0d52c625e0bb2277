import Foundation

/// The RocketReserver server (`Examples/RocketReserver`, built before these tests run) as a
/// child process on a free port of 127.0.0.1, with a database of its own; or on a given port
/// with a given database directory, to stop it and start it again where it was.
final class RocketReserverProcess: @unchecked Sendable {
    // Set once in init; `process` is only terminated after.
    private let process: Process
    /// Signalled when the process has exited.
    private let exited = DispatchSemaphore(value: 0)
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
    init(port: Int = 0, databaseDirectory: URL? = nil, safelist: URL? = nil) throws {
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
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()

        // The first line names the URL; a server that dies or stays silent fails the start.
        let firstLine = FirstLine()
        output.fileHandleForReading.readabilityHandler = { handle in firstLine.add(handle.availableData) }
        let text = firstLine.wait(seconds: 60)
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
    func crash() {
        if !hasExited { _ = kill(process.processIdentifier, SIGKILL) }
        waitForExit(seconds: 10)
    }

    /// Whether the termination handler has been waited for: after it, the process identifier
    /// may belong to another process, and is not signalled again.
    private var hasExited = false

    /// Waits, at most `seconds`, for the termination handler. Not `waitUntilExit()`: on Linux it
    /// spins forever when Foundation misses the exit of one of several children started at once
    /// (a GeneratedCode run hung there, in this deinit).
    @discardableResult
    private func waitForExit(seconds: Double) -> Bool {
        if !hasExited, exited.wait(timeout: .now() + seconds) == .success { hasExited = true }
        return hasExited
    }

    deinit {
        if !hasExited, process.isRunning { process.terminate() }
        // A graceful shutdown waits for open connections (a client's WebSocket); a test must not
        // wait for it forever, nor hold a thread of the shared pool while it does: killed if it
        // has not exited within 3 s.
        if !waitForExit(seconds: 3) {
            _ = kill(process.processIdentifier, SIGKILL)
            waitForExit(seconds: 10)
        }
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
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
