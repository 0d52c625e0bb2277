import Foundation
import Testing

/// The `rocket-reserver-server` command: prints where it serves, then serves there.
@Suite struct ExecutableTests {
    /// The built executable, in the build folder that holds the tests (the bundle's folder on
    /// Linux, where the tests are a plain executable; beside the `.xctest` bundle on Apple's).
    static var executable: URL {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("rocket-reserver-server") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    @Test func printsItsURLAndServes() async throws {
        let executable = Self.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "\(executable.path) is not built")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rocket-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let process = Process()
        process.executableURL = executable
        process.arguments = ["--host", "127.0.0.1", "--port", "0", "--database", directory.appendingPathComponent("db.sqlite").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // Its exit, as an event: the stream ends when it has exited.
        let (exit, exited) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.finish() }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let reader = output.fileHandleForReading
        let line = try await withTimeout(stepBound) {
            var text = ""
            while !text.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        let prefix = "RocketReserver server at "
        try #require(line.hasPrefix(prefix), "printed: \(line)")
        let url = try #require(URL(string: line.dropFirst(prefix.count).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(url.path == "/graphql")
        let data = try await GraphQLTestClient(url: url).data("{ launch(id: \"1\") { id } }")
        #expect(dig(data, "launch", "id") as? String == "1")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("db.sqlite").path))

        process.terminate()
        try await withTimeout(stepBound) { for await _ in exit {} }
    }

    @Test func aSafelistThatIsNotAManifestStopsItWithTheReason() throws {
        let executable = Self.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "\(executable.path) is not built")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("safelist-\(UUID().uuidString).json")
        try Data("[1, 2]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", "0", "--safelist", file.path]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // Bounded, and not `waitUntilExit()`, which on Linux can spin forever when Foundation
        // misses a child's exit.
        let didExit = exited.wait(timeout: .now() + 60) == .success
        if !didExit { process.terminate() }
        try #require(didExit, "the server did not exit within 60 s")
        #expect(process.terminationStatus == 1)
        #expect(text == "error: The safelist \(file.path) is not a persisted-query manifest: it is not a JSON object.\n")
    }
}
