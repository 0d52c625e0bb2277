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
    ///
    /// The output and errors go to files, read once the program has exited, not to pipes read to
    /// their end: a pipe's end is also the end of every copy of its write side, and a child that
    /// another test starts at the same moment can inherit one (Foundation closes a child's
    /// descriptors from a list made before it spawns). The read would then wait for that child,
    /// a server living as long as its test, while holding a thread of the concurrency pool that
    /// the test may need.
    ///
    /// A program still running after `seconds` is killed, and the run throws.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil, within seconds: Double = 600) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orion-subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("output")
        let errorsFile = folder.appendingPathComponent("errors")
        for file in [outputFile, errorsFile] where !FileManager.default.createFile(atPath: file.path, contents: nil) {
            throw Failure(description: "cannot make \(file.path) for the output of \(executable.lastPathComponent)")
        }
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorsFile)
        defer {
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = output
        process.standardError = errors
        try process.runToExit(within: seconds)
        return Result(status: process.terminationStatus, output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
                      errors: String(decoding: try Data(contentsOf: errorsFile), as: UTF8.self))
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
