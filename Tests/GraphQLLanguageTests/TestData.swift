import Foundation

/// Where the tests find the repository and the shared data (`../shared/data` beside the checkout,
/// or `$ORION_SHARED_DATA`).
enum TestData {
    static var repositoryDirectory: URL {
        // <repo>/Tests/GraphQLLanguageTests/TestData.swift
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var sharedDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["ORION_SHARED_DATA"] { return URL(fileURLWithPath: path) }
        return repositoryDirectory.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    /// Every .graphql and .graphqls file of the shared data, sorted.
    static func sharedDocuments() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: sharedDirectory, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "graphql" || url.pathExtension == "graphqls" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
