import Foundation
import Orion
import OrionAPI
@testable import OrionSQLite
import Testing

/// The SQLite cache on real files: merging, persistence across opens, damaged and foreign files,
/// many concurrent writers and readers.
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

    /// A query's read runs in one transaction: its loads, a nested read, an error that ends it
    /// (rolled back, the cache still usable), and a writer from another thread waiting its turn.
    @Test func aReadRunsItsLoadsInOneTransaction() async throws {
        struct Stop: Error {}
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        _ = try cache.merge(records: [launch.key: launch])
        let loaded = try cache.withinRead {
            try cache.withinRead { try cache.loadRecord(forKey: "Launch:92") }
        }
        #expect(loaded == launch)
        #expect(throws: Stop.self) { try cache.withinRead { _ = try cache.loadRecord(forKey: "Launch:92"); throw Stop() } }
        let booked = Record(key: "Launch:92", fields: ["isBooked": .value(.bool(true))])
        // The writer runs on a thread of its own, not the tasks' pool, which this test blocks.
        let started = DispatchSemaphore(value: 0)
        let (finished, writerFinished) = AsyncStream<Void>.makeStream()
        let seen = try cache.withinRead {
            // The writer blocks until the read ends: the read sees one state throughout, however
            // often it loads the record while the writer is trying to write.
            Thread.detachNewThread {
                started.signal()
                _ = try? cache.merge(records: [booked.key: booked])
                writerFinished.finish()
            }
            started.wait()
            return try Set((0..<200).map { _ in try cache.loadRecord(forKey: "Launch:92")?.fields["isBooked"] })
        }
        #expect(seen == [.value(.bool(false))], "one state throughout the read")
        for await _ in finished {}
        #expect(try cache.loadRecord(forKey: "Launch:92")?.fields["isBooked"] == .value(.bool(true)))
    }

    /// Merges of eight records at once and reads of all eight, one record at a time inside
    /// `withinRead`, as a query read loads them: a read never mixes two merges.
    @Test func aReadOfSeveralRecordsSeesOneMergeWhole() async throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        let keys = (0..<8).map { "Item:\($0)" }
        func generation(_ version: Int) -> [CacheKey: Record] {
            Dictionary(uniqueKeysWithValues: keys.map { ($0, Record(key: $0, fields: ["version": .value(.int(version))])) })
        }
        _ = try cache.merge(records: generation(0))
        let torn = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                for version in 1...150 { _ = try cache.merge(records: generation(version)) }
                return 0
            }
            for _ in 0..<2 {
                group.addTask {
                    var torn = 0
                    for _ in 0..<150 {
                        let versions = try cache.withinRead { try keys.map { try cache.loadRecord(forKey: $0)?.fields["version"] } }
                        if Set(versions).count > 1 { torn += 1 }
                    }
                    return torn
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(torn == 0)
    }

    @Test func mergesFieldByFieldAndReportsOnlyChanges() throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        _ = try cache.merge(records: [launch.key: launch])
        #expect(try cache.merge(records: [launch.key: launch]).isEmpty, "the same values change nothing")
        let update = Record(key: "Launch:92", fields: ["isBooked": .value(.bool(true)), "site": .value(.string("KSC"))])
        #expect(Set(try cache.merge(records: [update.key: update]).map(\.description)) == ["Launch:92.isBooked", "Launch:92.site"])
        let stored = try #require(try cache.loadRecords(forKeys: ["Launch:92"])["Launch:92"])
        #expect(stored.fields["isBooked"] == .value(.bool(true)))
        #expect(stored.fields["id"] == .value(.string("92")), "other fields are kept")
        try cache.removeRecord(forKey: "Launch:92")
        #expect(try cache.loadRecords(forKeys: ["Launch:92"]).isEmpty)
        _ = try cache.merge(records: [launch.key: launch])
        try cache.clear()
        #expect(try cache.loadRecords(forKeys: ["Launch:92"]).isEmpty)
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

    @Test func concurrentWritersAndReaders() async throws {
        let file = temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<50 {
                        let record = Record(key: "Launch:\(writer)", fields: ["count": .value(.int(index))])
                        _ = try cache.merge(records: [record.key: record])
                        _ = try cache.loadRecords(forKeys: ["Launch:\((writer + 1) % 8)"])
                    }
                }
            }
            try await group.waitForAll()
        }
        let records = try cache.loadRecords(forKeys: Set((0..<8).map { "Launch:\($0)" }))
        #expect(records.count == 8)
        #expect(records.values.allSatisfy { $0.fields["count"] == .value(.int(49)) })
    }
}
