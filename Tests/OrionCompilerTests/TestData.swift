import Foundation
import GraphQLLanguage

/// Where the tests find the shared data (`../shared/data` beside the checkout, or
/// `$ORION_SHARED_DATA`).
enum TestData {
    static var sharedDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["ORION_SHARED_DATA"] { return URL(fileURLWithPath: path) }
        // <repo>/Tests/OrionCompilerTests/TestData.swift
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/data")
    }

    static func source(_ path: String) throws -> Source {
        let url = sharedDirectory.appendingPathComponent(path)
        return Source(try String(contentsOf: url, encoding: .utf8), name: path)
    }

    /// The .graphql files of a shared folder (recursively), parsed, sorted by path.
    static func operations(in folder: String) throws -> [Document] {
        let enumerator = FileManager.default.enumerator(at: sharedDirectory.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        var urls: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "graphql" { urls.append(url) }
        }
        return try urls.sorted { $0.path < $1.path }.map { url in
            try Parser.parse(Source(try String(contentsOf: url, encoding: .utf8), name: url.lastPathComponent))
        }
    }
}
