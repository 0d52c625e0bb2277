import Foundation
import TestSupport

/// Runs the `orion` executable built beside the tests.
enum Orion {
    static var sharedDirectory: URL { Repository.sharedData }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orion-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The products folder: where the test bundle is, `orion` is.
    static var executable: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("orion").path), url.path != "/" {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("orion")
    }

    static func run(_ arguments: [String], in directory: URL) throws -> Subprocess.Result {
        try Subprocess.run(executable, arguments, in: directory)
    }
}
