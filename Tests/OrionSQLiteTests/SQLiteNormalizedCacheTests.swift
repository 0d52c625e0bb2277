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

    private static func version(_ version: Int) -> [CacheKey: Record] {
        ["Item:1": Record(key: "Item:1", fields: ["version": .value(.int(version))])]
    }

    /// The ordering the cache promises: a read that begins after a write has returned sees it,
    /// on whichever connection of the reader pool it runs (four reads at once take four).
    @Test func aReadThatBeginsAfterAWriteReturnedSeesIt() async throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        for version in 1...40 {
            _ = try cache.merge(records: RecordSet(Self.version(version)))
            let seen = try await withThrowingTaskGroup(of: RecordValue?.self) { group in
                for _ in 0..<4 { group.addTask { try cache.loadRecord(forKey: "Item:1")?.fields["version"] } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(seen == Array(repeating: .value(.int(version)), count: 4), "after write \(version)")
        }
    }

    /// A write does not wait for a read in progress (here it runs inside one, on the same
    /// thread), and the read keeps the snapshot it began with until it ends.
    @Test func aWriteDuringAReadNeitherWaitsNorChangesWhatTheReadSees() throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        _ = try cache.merge(records: RecordSet(Self.version(1)))
        let (before, during) = try cache.withinRead {
            let before = try cache.loadRecord(forKey: "Item:1")
            let changed = try cache.merge(records: RecordSet(Self.version(2)))
            #expect(changed == [CacheField(key: "Item:1", field: "version")])
            return (before, try cache.loadRecord(forKey: "Item:1"))
        }
        #expect(before == Self.version(1)["Item:1"])
        #expect(during == Self.version(1)["Item:1"], "one snapshot for the whole read")
        #expect(try cache.loadRecord(forKey: "Item:1") == Self.version(2)["Item:1"], "a read after it sees the write")
    }

    /// A read does not wait for a write in progress: another connection holds the write lock
    /// with an uncommitted change (a waiting read would fail as "database is locked" when
    /// SQLite's busy timeout ran out), and the read finds the last committed state.
    @Test func aReadDuringAnUncommittedWriteFindsTheCommittedState() throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        _ = try cache.merge(records: RecordSet(Self.version(1)))
        let other = try SQLiteDatabase(path: file.path)
        try other.execute("BEGIN IMMEDIATE")
        try other.execute("DELETE FROM records")
        #expect(try cache.loadRecord(forKey: "Item:1") == Self.version(1)["Item:1"])
        #expect(try cache.allKeys() == ["Item:1"])
        try other.execute("COMMIT")
        #expect(try cache.loadRecord(forKey: "Item:1") == nil, "and the write, once committed")
    }
}
