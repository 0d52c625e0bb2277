import Foundation
import Orion
import OrionAPI
import OrionSQLite
import Testing

/// What every `NormalizedCache` promises (`NormalizedCache.swift`), checked of each cache Orion
/// has: merging field by field with each changed field reported once, loads, removals,
/// `allKeys`, `clear`, reads that see one state throughout, and many concurrent writers and
/// readers.
@Suite struct NormalizedCacheConformanceTests {
    private static let launch = Record(key: "Launch:92", fields: [
        "__typename": .value(.string("Launch")), "id": .value(.string("92")), "isBooked": .value(.bool(false)),
        "mission": .reference("Launch:92.mission"), "tags": .list([.value(.string("a")), .value(.null)]),
    ])

    private static func records(_ keys: [CacheKey], version: Int) -> [CacheKey: Record] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0, Record(key: $0, fields: ["version": .value(.int(version))])) })
    }

    @Test(arguments: CacheKind.allCases)
    func loadsFindOnlyTheRecordsThatExist(kind: CacheKind) throws {
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
        #expect(try cache.loadRecords(forKeys: ["Launch:92"]).isEmpty)
        #expect(try cache.loadRecord(forKey: "Launch:92") == nil)
        _ = try cache.merge(records: [Self.launch.key: Self.launch])
        #expect(try cache.loadRecords(forKeys: ["Launch:92", "Missing:1"]) == ["Launch:92": Self.launch])
        #expect(try cache.loadRecord(forKey: "Launch:92") == Self.launch)
        #expect(try cache.loadRecord(forKey: "Missing:1") == nil)
    }

    @Test(arguments: CacheKind.allCases)
    func mergesFieldByFieldAndReportsOnlyChanges(kind: CacheKind) throws {
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
        #expect(try cache.merge(records: [Self.launch.key: Self.launch]).count == Self.launch.fields.count, "a new record changes all its fields")
        #expect(try cache.merge(records: [Self.launch.key: Self.launch]).isEmpty, "the same values change nothing")
        let update = Record(key: "Launch:92", fields: ["isBooked": .value(.bool(true)), "site": .value(.string("KSC"))])
        #expect(Set(try cache.merge(records: [update.key: update]).map(\.description)) == ["Launch:92.isBooked", "Launch:92.site"])
        let stored = try #require(try cache.loadRecords(forKeys: ["Launch:92"])["Launch:92"])
        #expect(stored.fields["isBooked"] == .value(.bool(true)))
        #expect(stored.fields["id"] == .value(.string("92")), "other fields are kept")
    }

    /// A merge of several records reports each changed field once, of every record.
    @Test(arguments: CacheKind.allCases)
    func eachChangedFieldIsReportedOnce(kind: CacheKind) throws {
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
        let keys = (0..<5).map { "Item:\($0)" }
        _ = try cache.merge(records: RecordSet(Self.records(keys, version: 0)))
        var next = Self.records(keys, version: 1)
        next["Item:0"]?.fields["name"] = .value(.string("zero"))
        let changed = try cache.merge(records: RecordSet(next)).map(\.description)
        #expect(changed.count == Set(changed).count, "no field twice")
        #expect(Set(changed) == Set(keys.map { "\($0).version" } + ["Item:0.name"]))
    }

    /// A merge of some fields keeps the record's other fields, whether the record was read
    /// since it was written or not (in the chained caches, held in memory or only in SQLite).
    @Test(arguments: CacheKind.allCases)
    func aMergeKeepsTheFieldsItDoesNotWrite(kind: CacheKind) throws {
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
        let keys = (0..<5).map { "Item:\($0)" }
        var full = Self.records(keys, version: 0)
        for key in keys { full[key]?.fields["name"] = .value(.string(key)) }
        _ = try cache.merge(records: RecordSet(full))
        _ = try cache.loadRecords(forKeys: ["Item:0", "Item:1"])
        _ = try cache.merge(records: RecordSet(Self.records(keys, version: 1)))
        for key in keys { full[key]?.fields["version"] = .value(.int(1)) }
        #expect(try cache.loadRecords(forKeys: Set(keys)) == full)
    }

    /// Expirations are kept with the record, and a field written again takes the new write's.
    @Test(arguments: CacheKind.allCases)
    func expirationsAreKept(kind: CacheKind) throws {
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
        let expiry = Date(timeIntervalSince1970: 2_000_000_000)
        let record = Record(key: "Launch:1", fields: ["site": .value(.string("KSC")), "id": .value(.string("1"))], expirations: ["site": expiry])
        _ = try cache.merge(records: [record.key: record])
        #expect(try cache.loadRecord(forKey: "Launch:1") == record)
        _ = try cache.merge(records: ["Launch:1": Record(key: "Launch:1", fields: ["site": .value(.string("VSFB"))])])
        let stored = try #require(try cache.loadRecord(forKey: "Launch:1"))
        #expect(stored.expirations["site"] == nil, "written again without an expiry")
        #expect(stored.fields == ["site": .value(.string("VSFB")), "id": .value(.string("1"))])
    }

    @Test(arguments: CacheKind.allCases)
    func removalsClearAndAllKeys(kind: CacheKind) throws {
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
        let keys = (0..<5).map { "Item:\($0)" }
        _ = try cache.merge(records: RecordSet(Self.records(keys, version: 0)))
        #expect(try cache.allKeys() == Set(keys), "every record, read or not")
        _ = try cache.loadRecords(forKeys: ["Item:0", "Item:1"])
        try cache.removeRecords(forKeys: ["Item:0", "Item:3", "Missing:1"])
        try cache.removeRecord(forKey: "Item:4")
        #expect(try cache.allKeys() == ["Item:1", "Item:2"])
        #expect(try cache.loadRecord(forKey: "Item:0") == nil, "a removed record is gone from every layer")
        #expect(try cache.loadRecords(forKeys: Set(keys)).keys.sorted() == ["Item:1", "Item:2"])
        try cache.clear()
        #expect(try cache.allKeys().isEmpty)
        #expect(try cache.loadRecords(forKeys: Set(keys)).isEmpty)
        #expect(try cache.merge(records: RecordSet(Self.records(["Item:1"], version: 0))).count == 1, "after a clear a record is new again")
    }

    /// A query's read runs in one `withinRead`: its loads, a nested read, an error that ends it
    /// (the cache still usable), and a writer from another thread, which waits its turn (memory)
    /// or commits meanwhile (SQLite) but is not seen by the read either way.
    @Test(arguments: CacheKind.allCases)
    func aReadSeesOneStateThroughout(kind: CacheKind) async throws {
        struct Stop: Error {}
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
        _ = try cache.merge(records: [Self.launch.key: Self.launch])
        let loaded = try cache.withinRead {
            try cache.withinRead { try cache.loadRecord(forKey: "Launch:92") }
        }
        #expect(loaded == Self.launch)
        #expect(throws: Stop.self) { try cache.withinRead { _ = try cache.loadRecord(forKey: "Launch:92"); throw Stop() } }
        let booked = Record(key: "Launch:92", fields: ["isBooked": .value(.bool(true))])
        // The writer runs on a thread of its own, not the tasks' pool, which this test blocks.
        let started = DispatchSemaphore(value: 0)
        let (finished, writerFinished) = AsyncStream<Void>.makeStream()
        let seen = try cache.withinRead {
            // The read sees the state it began with throughout, however often it loads the
            // record while the writer writes.
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
    @Test(arguments: CacheKind.allCases)
    func aReadOfSeveralRecordsSeesOneMergeWhole(kind: CacheKind) async throws {
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
        let keys = (0..<8).map { "Item:\($0)" }
        _ = try cache.merge(records: RecordSet(Self.records(keys, version: 0)))
        let torn = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                for version in 1...150 { _ = try cache.merge(records: RecordSet(Self.records(keys, version: version))) }
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
        #expect(try cache.loadRecords(forKeys: Set(keys)) == Self.records(keys, version: 150))
    }

    /// Eight writers, each its own record, each reading another's as it goes: every last write
    /// is kept.
    @Test(arguments: CacheKind.allCases)
    func concurrentWritersAndReaders(kind: CacheKind) async throws {
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
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

    /// Eight writers merging fields of one record at once, reading it as they go: the record
    /// ends with every writer's last value of its own field, and every merge's report holds
    /// exactly the field it changed.
    @Test(arguments: CacheKind.allCases)
    func concurrentMergesOfOneRecordKeepEveryField(kind: CacheKind) async throws {
        let subject = try kind.make()
        defer { subject.remove() }
        let cache = subject.cache
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<50 {
                        let record = Record(key: "Shared:1", fields: ["writer\(writer)": .value(.int(index))])
                        let changed = try cache.merge(records: [record.key: record])
                        #expect(changed == [CacheField(key: "Shared:1", field: "writer\(writer)")])
                        _ = try cache.loadRecord(forKey: "Shared:1")
                    }
                }
            }
            try await group.waitForAll()
        }
        let record = try #require(try cache.loadRecord(forKey: "Shared:1"))
        #expect(record.fields == RecordFields((0..<8).map { (key: "writer\($0)", value: RecordValue.value(.int(49))) }))
    }
}
