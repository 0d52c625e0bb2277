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

    /// A file of the previous format (2: the records clustered by key, `WITHOUT ROWID`) opens
    /// empty, as any other version's does, and is written and read in the current one after.
    @Test func aFileOfThePreviousFormatOpensEmptyInTheCurrentOne() throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        do {
            let old = try SQLiteDatabase(path: file.path)
            try old.execute("PRAGMA application_id = \(SQLiteNormalizedCache.applicationID)")
            try old.execute("PRAGMA user_version = 2")
            try old.execute("CREATE TABLE records (key TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID")
            // Not a record of the current format: read as one, it would fail to decode.
            try old.execute("INSERT INTO records VALUES ('Launch:92', x'FF00FF')")
        }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        #expect(try cache.loadRecords(forKeys: ["Launch:92"]).isEmpty)
        #expect(try cache.allKeys().isEmpty)
        _ = try cache.merge(records: [launch.key: launch])
        let reopened = try SQLiteNormalizedCache(fileURL: file)
        #expect(try reopened.loadRecords(forKeys: ["Launch:92"]) == ["Launch:92": launch])
    }

    /// A record far larger than a page (a list of 20,000 references, as a long paginated list
    /// makes) among small ones: written, read, merged, made small and large again, removed and
    /// cleared, its bytes in `large_records` exactly while it is large.
    @Test func aRecordLargerThanAPageIsKeptApartWhileItIsLarge() throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        let other = try SQLiteDatabase(path: file.path)
        func largeCount() throws -> Int { try other.integer("SELECT count(*) FROM large_records") }
        let items = (0..<2_000).map { Record(key: "Item:\($0)", fields: ["id": .value(.string(String($0)))]) }
        let references = (0..<20_000).map { RecordValue.reference("Item:\($0)") }
        func root(_ references: [RecordValue]) -> Record { Record(key: "QUERY_ROOT", fields: ["items": .list(references)]) }
        var records = Dictionary(uniqueKeysWithValues: items.map { ($0.key, $0) })
        records["QUERY_ROOT"] = root(references)
        _ = try cache.merge(records: RecordSet(records))
        #expect(try cache.withinRead { try cache.loadRecords(forKeys: Set(records.keys)) } == records)
        #expect(try largeCount() == 1)

        let longer = root(references + [.reference("Item:20000")])
        #expect(try cache.merge(records: ["QUERY_ROOT": longer]) == [CacheField(key: "QUERY_ROOT", field: "items")])
        #expect(try cache.loadRecord(forKey: "QUERY_ROOT") == longer)
        let short = root(Array(references.prefix(3)))
        _ = try cache.merge(records: ["QUERY_ROOT": short])
        #expect(try cache.loadRecord(forKey: "QUERY_ROOT") == short)
        #expect(try largeCount() == 0, "a record no longer large leaves nothing behind")
        _ = try cache.merge(records: ["QUERY_ROOT": longer])
        #expect(try cache.loadRecord(forKey: "QUERY_ROOT") == longer)
        #expect(try largeCount() == 1)
        #expect(try cache.loadRecord(forKey: "Item:1999") == items[1999])

        try cache.removeRecords(forKeys: ["QUERY_ROOT"])
        #expect(try cache.loadRecord(forKey: "QUERY_ROOT") == nil)
        #expect(try largeCount() == 0)
        _ = try cache.merge(records: ["QUERY_ROOT": longer])
        try cache.clear()
        #expect(try cache.loadRecord(forKey: "QUERY_ROOT") == nil)
        #expect(try largeCount() == 0)
        #expect(try cache.allKeys().isEmpty)
    }

    /// A large record whose bytes are gone from `large_records` (a file damaged, or edited by
    /// hand) is reported as damage, by its key, not read as an empty record.
    @Test func aLargeRecordWhoseBytesAreMissingIsReportedAsDamage() throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        let list = Record(key: "QUERY_ROOT", fields: ["items": .list((0..<5_000).map { .reference("Item:\($0)") })])
        _ = try cache.merge(records: ["QUERY_ROOT": list])
        try SQLiteDatabase(path: file.path).execute("DELETE FROM large_records")
        #expect {
            _ = try cache.loadRecord(forKey: "QUERY_ROOT")
        } throws: { error in
            guard case .damaged(let path, let reason)? = error as? SQLiteCacheError else { return false }
            return path == file.path && reason.contains("QUERY_ROOT")
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
