import Foundation
import TestSupport

/// The shared documents these tests read.
enum TestData {
    static var sharedDirectory: URL { Repository.sharedData }

    /// Every .graphql and .graphqls file of the shared data, sorted.
    static func sharedDocuments() -> [URL] {
        Repository.sharedFiles(extensions: ["graphql", "graphqls"])
    }
}
