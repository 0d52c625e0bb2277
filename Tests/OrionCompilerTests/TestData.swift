import Foundation
import GraphQLLanguage
import TestSupport

/// The shared schemas and operations these tests read.
enum TestData {
    static var sharedDirectory: URL { Repository.sharedData }

    static func source(_ path: String) throws -> Source {
        let url = sharedDirectory.appendingPathComponent(path)
        return Source(try String(contentsOf: url, encoding: .utf8), name: path)
    }

    /// The .graphql files of a shared folder (recursively), parsed, sorted by path.
    static func operations(in folder: String) throws -> [Document] {
        try Repository.sharedFiles(under: folder, extensions: ["graphql"]).map { url in
            try Parser.parse(Source(try String(contentsOf: url, encoding: .utf8), name: url.lastPathComponent))
        }
    }
}
