import Foundation
import Orion
import OrionAPI
import OrionSQLite
import Testing

/// What the chained cache adds to what every cache does (`NormalizedCacheConformanceTests`): the
/// front holds copies of the back's records, never older ones and never after a failed write;
/// what the front evicts is read from SQLite again; and a store over it behaves as over one cache.
@Suite struct ChainedNormalizedCacheTests {
    private static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("orion-chained-\(UUID().uuidString).sqlite")
    }

    private static func item(_ index: Int, version: Int = 0) -> Record {
        Record(key: "Item:\(index)", fields: ["id": .value(.string(String(index))), "version": .value(.int(version))])
    }

    /// Every record the front holds is the back's record of that key.
    private static func expectFrontMatchesBack(_ cache: ChainedNormalizedCache, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let keys = try cache.back.allKeys()
        let held = cache.front.allKeys()
        #expect(held.isSubset(of: keys), "the front holds no record the back lacks", sourceLocation: sourceLocation)
        #expect(cache.front.loadRecords(forKeys: held) == (try cache.back.loadRecords(forKeys: held)), sourceLocation: sourceLocation)
    }

    @Test func aRecordIsCopiedIntoTheFrontWhenReadAndKeptCurrentByWrites() throws {
        let file = Self.temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = ChainedNormalizedCache(back: try SQLiteNormalizedCache(fileURL: file))
        _ = try cache.merge(records: ["Item:1": Self.item(1), "Item:2": Self.item(2)])
        #expect(cache.front.recordCount == 0, "a write does not add records to the front")
        #expect(try cache.loadRecords(forKeys: ["Item:1", "Missing:1"]) == ["Item:1": Self.item(1)])
        #expect(cache.front.allKeys() == ["Item:1"], "a read copies what it found")
        let changed = try cache.merge(records: ["Item:1": Self.item(1, version: 1), "Item:2": Self.item(2, version: 1)])
        #expect(Set(changed) == [CacheField(key: "Item:1", field: "version"), CacheField(key: "Item:2", field: "version")])
        #expect(cache.front.loadRecord(forKey: "Item:1") == Self.item(1, version: 1), "a write updates the copy")
        #expect(cache.front.allKeys() == ["Item:1"])
        try Self.expectFrontMatchesBack(cache)
    }

    /// A SQLite file of an earlier launch, the front empty: a write of one field of a record
    /// the front does not hold keeps the fields the file holds.
    @Test func aWriteToARecordOnlyTheFileHoldsKeepsItsOtherFields() throws {
        let file = Self.temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        do {
            _ = try SQLiteNormalizedCache(fileURL: file).merge(records: ["Item:1": Self.item(1)])
        }
        let cache = ChainedNormalizedCache(back: try SQLiteNormalizedCache(fileURL: file))
        let changed = try cache.merge(records: ["Item:1": Record(key: "Item:1", fields: ["version": .value(.int(1))])])
        #expect(changed == [CacheField(key: "Item:1", field: "version")])
        #expect(try cache.loadRecord(forKey: "Item:1") == Self.item(1, version: 1))
        try Self.expectFrontMatchesBack(cache)
    }

    /// A front of two records: reading six evicts most of them from it, and each is read back
    /// from SQLite whole.
    @Test func whatTheFrontEvictsIsReadBackFromSQLite() throws {
        let file = Self.temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = ChainedNormalizedCache(front: InMemoryNormalizedCache(maxRecordCount: 2), back: try SQLiteNormalizedCache(fileURL: file))
        let records = Dictionary(uniqueKeysWithValues: (0..<6).map { ("Item:\($0)", Self.item($0)) })
        _ = try cache.merge(records: RecordSet(records))
        for _ in 0..<2 {
            for (key, record) in records.sorted(by: { $0.key < $1.key }) {
                #expect(try cache.loadRecord(forKey: key) == record)
                #expect(cache.front.recordCount <= 2)
            }
        }
        #expect(try cache.loadRecords(forKeys: Set(records.keys)) == records, "one load of more records than the front holds")
        #expect(cache.front.recordCount <= 2)
        #expect(try cache.allKeys() == Set(records.keys), "the back's keys, not the front's")
        try Self.expectFrontMatchesBack(cache)
    }

    /// Eight writers merging the same records, reading them as they go, with a front that holds
    /// them all or only two: the front ends holding what the back holds, never an older record.
    @Test(arguments: [nil, 2] as [Int?])
    func concurrentMergesLeaveTheFrontAsTheBack(maxRecordCount: Int?) async throws {
        let file = Self.temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = ChainedNormalizedCache(front: InMemoryNormalizedCache(maxRecordCount: maxRecordCount), back: try SQLiteNormalizedCache(fileURL: file))
        let keys = (0..<4).map { "Item:\($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for round in 0..<40 {
                        let records = Dictionary(uniqueKeysWithValues: keys.map { ($0, Record(key: $0, fields: ["last": .value(.int(writer * 1000 + round))])) })
                        _ = try cache.merge(records: RecordSet(records))
                        _ = try cache.loadRecords(forKeys: Set(keys.prefix(writer % 4 + 1)))
                        _ = try cache.withinRead { try cache.loadRecord(forKey: keys[writer % 4]) }
                    }
                }
            }
            try await group.waitForAll()
        }
        try Self.expectFrontMatchesBack(cache)
        let loaded = try cache.loadRecords(forKeys: Set(keys))
        #expect(Set(loaded.values.map { $0.fields["last"] }).count == 1, "every record was last written by the same merge")
    }

    /// A back that refuses writes (a SQLite file opened read-only): merges, removals and clears
    /// fail, and the front keeps what it held.
    @Test func aBackThatFailsToWriteLeavesTheFrontUnchanged() throws {
        let file = Self.temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        do {
            _ = try SQLiteNormalizedCache(fileURL: file).merge(records: ["Item:1": Self.item(1)])
        }
        let back = try SQLiteNormalizedCache(fileURL: file, readOnly: true)
        let cache = ChainedNormalizedCache(back: back)
        #expect(try cache.loadRecord(forKey: "Item:1") == Self.item(1))
        #expect(throws: SQLiteCacheError.readOnly(path: file.path)) {
            try cache.merge(records: ["Item:1": Self.item(1, version: 1), "Item:2": Self.item(2)])
        }
        #expect(throws: SQLiteCacheError.readOnly(path: file.path)) { try cache.removeRecords(forKeys: ["Item:1"]) }
        #expect(throws: SQLiteCacheError.readOnly(path: file.path)) { try cache.clear() }
        #expect(cache.front.allKeys() == ["Item:1"])
        #expect(cache.front.loadRecord(forKey: "Item:1") == Self.item(1), "the front still holds the back's record")
        #expect(try cache.loadRecords(forKeys: ["Item:1", "Item:2"]) == ["Item:1": Self.item(1)])
    }

    /// A read-write transaction that throws after changing and removing records: neither layer
    /// changes, and the next read is as before.
    @Test func aTransactionThatThrowsLeavesBothLayersUnchanged() throws {
        struct Stop: Error {}
        let file = Self.temporaryFile()
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = ChainedNormalizedCache(back: try SQLiteNormalizedCache(fileURL: file))
        let store = OrionStore(cache: cache)
        try store.write(data: LaunchQuery.response(id: "92", isBooked: false), for: LaunchQuery())
        #expect(try store.read(query: LaunchQuery()).launch?.isBooked == false)
        let front = cache.front.loadRecords(forKeys: cache.front.allKeys())
        let back = try cache.back.loadRecords(forKeys: cache.back.allKeys())
        #expect(front.keys.contains("Launch:92"), "the read copied the launch into the front")
        #expect(throws: Stop.self) {
            try store.withinReadWriteTransaction { transaction in
                try transaction.updateRecord("Launch:92") { $0.fields["isBooked"] = .value(.bool(true)) }
                transaction.removeObject(at: RootCacheKey.query)
                throw Stop()
            }
        }
        #expect(cache.front.loadRecords(forKeys: cache.front.allKeys()) == front)
        #expect(try cache.back.loadRecords(forKeys: cache.back.allKeys()) == back)
        #expect(try store.read(query: LaunchQuery()).launch?.isBooked == false)
    }

    /// A watcher over the chained cache and one over SQLite alone see the same results: the
    /// cached data, then each write.
    @Test func aWatcherSeesAWriteAsOverOneCache() async throws {
        let file = Self.temporaryFile(), chainedFile = Self.temporaryFile()
        defer {
            try? SQLiteNormalizedCache.removeFile(at: file)
            try? SQLiteNormalizedCache.removeFile(at: chainedFile)
        }
        let single = try SQLiteNormalizedCache(fileURL: file)
        let chained = ChainedNormalizedCache(front: InMemoryNormalizedCache(maxRecordCount: 2), back: try SQLiteNormalizedCache(fileURL: chainedFile))
        let overSingle = try await Self.watch(over: single)
        let overChained = try await Self.watch(over: chained)
        #expect(overSingle == [false, true, false])
        #expect(overChained == overSingle)
    }

    /// What a watcher of the launch sees while the store writes it booked and then not.
    private static func watch(over cache: any NormalizedCache) async throws -> [Bool?] {
        let store = OrionStore(cache: cache)
        try store.write(data: LaunchQuery.response(id: "92", isBooked: false), for: LaunchQuery())
        let client = OrionClient(networkTransport: NoNetwork(), store: store)
        var seen: [Bool?] = []
        for try await result in client.watch(query: LaunchQuery(), cachePolicy: .returnCacheDataDontFetch) {
            seen.append(result.data?.launch?.isBooked)
            // Each write after the watcher's result before it: it has subscribed by then.
            switch seen.count {
            case 1: try store.write(data: LaunchQuery.response(id: "92", isBooked: true), for: LaunchQuery())
            case 2: try store.write(data: LaunchQuery.response(id: "92", isBooked: false), for: LaunchQuery())
            default: return seen
            }
        }
        return seen
    }
}

/// A transport for tests whose data is all in the cache: any request fails the test.
private struct NoNetwork: NetworkTransport {
    struct Unexpected: Error {}

    func send<Operation: GraphQLOperation>(_ operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
        Issue.record("no request is expected")
        throw Unexpected()
    }
}
