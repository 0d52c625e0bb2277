import Foundation

/// Runs a program to its end, with its output and errors captured.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `executable` with `arguments` in `directory` (the current one by default).
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are drained before waiting: a full pipe would block the child.
        let errorData = ReadInBackground(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData.wait(), as: UTF8.self))
    }

    /// Runs a script of `Tests/Differential` with python3; fails with the install hint when it
    /// exits with an error (graphql-core missing, most likely).
    @discardableResult
    public static func python(_ script: String, _ arguments: [String]) throws -> String {
        let path = Repository.root.appendingPathComponent("Tests/Differential/\(script)").path
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", path] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "\(script) failed (install python3 and graphql-core==3.3.2): \(result.errors)")
        }
        return result.output
    }
}

/// Reads a pipe to its end on another thread.
private final class ReadInBackground: @unchecked Sendable {
    // `data` is written once by the reading thread before `done` is signalled, and read only
    // after `wait()` has seen the signal.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
