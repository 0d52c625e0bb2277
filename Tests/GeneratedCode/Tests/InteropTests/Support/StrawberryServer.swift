import Foundation

/// A Python GraphQL server on uvicorn (installed by `scripts/install-dependencies.sh --tests`)
/// as a child process on a free port of 127.0.0.1: the interoperability tests' (`Tests/Interop/server.py`)
/// or the pagination tests' (`Tests/Paging/server.py`), both strawberry-graphql, or the incremental
/// delivery tests' (`Tests/Defer/server.py`, graphql-core). Ready once it has printed its port: it
/// prints it after its socket listens.
final class StrawberryServer: @unchecked Sendable {
    // Set once in init; only terminated after.
    private let process: Process
    /// Signalled by the termination handler when the process has exited.
    private let exited = DispatchSemaphore(value: 0)
    /// Where the server's warnings and errors go: a file, not a pipe that something must keep
    /// reading (a readability handler left on a pipe is a dispatch source on a descriptor that
    /// closes with the pipe, and spins at its end).
    private let errorsFile: URL
    let port: Int

    var httpURL: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }
    var webSocketURL: URL { URL(string: "ws://127.0.0.1:\(port)/graphql")! }
    /// The Origin a page served by this server would send.
    var origin: String { "http://127.0.0.1:\(port)" }

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// A server script of the repository's `Tests/` folder.
    static func script(_ path: String) -> URL {
        // Support/ InteropTests/ Tests/ GeneratedCode/ up to the repository's Tests/.
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(path)
    }

    /// Starts the server of `script`, a path in the repository's `Tests/` folder, with `arguments`.
    init(script: String = "Interop/server.py", arguments: [String] = []) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script(script).path] + arguments
        let output = Pipe()
        errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent("orion-server-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: errorsFile.path, contents: nil) else {
            throw StartError(description: "cannot make \(errorsFile.path) for the server's errors")
        }
        let errors = try FileHandle(forWritingTo: errorsFile)
        process.standardOutput = output
        process.standardError = errors
        process.terminationHandler = { [exited] _ in exited.signal() }
        defer { try? errors.close() }
        try process.run()
        // Reads to the first line, or to the end of the output if the server dies first.
        var text = ""
        let handle = output.fileHandleForReading
        while !text.contains("\n") {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, line.hasPrefix("listening on "), let port = Int(line.dropFirst(13)) else {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 10)
            let stderr = String(decoding: (try? Data(contentsOf: errorsFile)) ?? Data(), as: UTF8.self)
            try? FileManager.default.removeItem(at: errorsFile)
            throw StartError(description: """
                \(script) did not start (run `bash scripts/install-dependencies.sh --tests` to install \
                strawberry-graphql, graphql-core and uvicorn); it printed: \(text) \(stderr)
                """)
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the test process may block SIGTERM in the thread that started the child, which
        // inherits the mask and would then never end; the server has nothing to save.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        // Bounded, and not `waitUntilExit()`, which on Linux can spin forever when Foundation
        // misses a child's exit: a wait here must never hang the suite.
        _ = exited.wait(timeout: .now() + 10)
        try? FileManager.default.removeItem(at: errorsFile)
    }
}

/// A failure of the tests' own waits.
struct InteropTimeout: Error, CustomStringConvertible {
    var description: String
}

/// Runs `body`, failing after `seconds`: no wait on the server can hang the suite.
func withTimeout<Value: Sendable>(_ seconds: Double = 20, _ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            throw InteropTimeout(description: "the server did not answer within \(seconds) s")
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw InteropTimeout(description: "no result") }
        return value
    }
}

/// Every element of `stream` until it finishes, with the error it ended with, if any.
func collect<Element: Sendable>(_ stream: AsyncThrowingStream<Element, any Error>) async throws -> (elements: [Element], error: (any Error)?) {
    try await withTimeout {
        var elements: [Element] = []
        do {
            for try await element in stream { elements.append(element) }
            return (elements, nil)
        } catch {
            return (elements, error)
        }
    }
}
