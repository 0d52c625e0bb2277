import Foundation

/// The project's shared data folder: `$ORION_SHARED_DATA`, else `shared/data` beside the checkout.
enum SharedData {
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["ORION_SHARED_DATA"] {
            return URL(fileURLWithPath: path)
        }
        // <repo>/Benchmarks/Sources/orion-bench/Harness/SharedData.swift → <repo>/../shared/data
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    static func text(_ path: String) throws -> String {
        let url = directory.appendingPathComponent(path)
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw BenchmarkError(description: "cannot read \(url.path): \(error.localizedDescription). Set ORION_SHARED_DATA to the shared data folder.")
        }
    }
}
