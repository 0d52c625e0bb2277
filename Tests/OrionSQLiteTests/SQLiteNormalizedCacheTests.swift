import Foundation
import Orion
import OrionAPI
@testable import OrionSQLite
import Testing

/// The SQLite cache on real files: persistence across opens, damaged and foreign files. What
/// every cache does (merging, reads, concurrent writers) is in `NormalizedCacheConformanceTests`.
@Suite struct SQLiteNormalizedCacheTests {
    private func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("orion-cache-\(UUID().uuidString).sqlite")
    }

    private let launch = Record(key: "Launch:92", fields: [
        "__typename": .value(.string("Launch")), "id": .value(.string("92")), "isBooked": .value(.bool(false)),
        "mission": .reference("Launch:92.mission"), "tags": .list([.value(.string("a")), .value(.null)]),
    ])

    @Test func recordsPersistAcrossOpens() throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        do {
            let cache = try SQLiteNormalizedCache(fileURL: file)
            let changed = try cache.merge(records: [launch.key: launch])
            #expect(changed.count == launch.fields.count)
        }
        let reopened = try SQLiteNormalizedCache(fileURL: file)
        #expect(try reopened.loadRecords(forKeys: ["Launch:92", "Missing:1"]) == ["Launch:92": launch])
    }

    @Test func aDamagedFileIsReportedAndCanBeCleared() throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        try Data(repeating: 0x5A, count: 8192).write(to: file)
        #expect {
            _ = try SQLiteNormalizedCache(fileURL: file)
        } throws: { error in
            guard case .damaged(let path, _)? = error as? SQLiteCacheError else { return false }
            return path == file.path && "\(error)".contains("removeFile(at:)")
        }
        try SQLiteNormalizedCache.removeFile(at: file)
        let fresh = try SQLiteNormalizedCache(fileURL: file)
        #expect(try fresh.loadRecords(forKeys: ["Launch:92"]).isEmpty)
    }

    @Test func anotherApplicationsDatabaseIsNotTouched() throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        do {
            let other = try SQLiteDatabase(path: file.path)
            try other.execute("CREATE TABLE notes (text TEXT)")
        }
        #expect {
            _ = try SQLiteNormalizedCache(fileURL: file)
        } throws: { error in
            if case .foreign? = error as? SQLiteCacheError { return true }
            return false
        }
    }
}
