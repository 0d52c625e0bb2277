import Foundation
import Orion
import OrionSQLite
import Testing

/// Each cache Orion has, for tests that every cache must pass: a test takes the kind as its
/// argument and makes a fresh cache of it (SQLite on a new temporary file).
enum CacheKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory
    case sqlite
    /// An unbounded memory cache in front of SQLite.
    case chained
    /// A memory cache of two records in front of SQLite: most reads miss the front and most
    /// records are evicted from it.
    case chainedBounded

    var testDescription: String { rawValue }

    /// A fresh, empty cache of this kind, and its file to remove.
    func make() throws -> TestCache {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-conformance-\(UUID().uuidString).sqlite")
        switch self {
        case .memory:
            return TestCache(cache: InMemoryNormalizedCache(), file: nil)
        case .sqlite:
            return TestCache(cache: try SQLiteNormalizedCache(fileURL: file), file: file)
        case .chained:
            return TestCache(cache: ChainedNormalizedCache(front: InMemoryNormalizedCache(), back: try SQLiteNormalizedCache(fileURL: file)), file: file)
        case .chainedBounded:
            let front = InMemoryNormalizedCache(maxRecordCount: 2)
            return TestCache(cache: ChainedNormalizedCache(front: front, back: try SQLiteNormalizedCache(fileURL: file)), file: file)
        }
    }
}

/// A cache made for a test, and the SQLite file it keeps, if any.
struct TestCache {
    let cache: any NormalizedCache
    let file: URL?

    /// Deletes the cache's file and SQLite's journal files beside it.
    func remove() {
        if let file { try? SQLiteNormalizedCache.removeFile(at: file) }
    }
}
