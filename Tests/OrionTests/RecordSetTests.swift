import Foundation
@testable import OrionCache
import OrionAPI
import Testing

/// `RecordSet` against the dictionary it stands in for, and the one thing its stored hashes could
/// break: keys that are equal as strings but spelled with different bytes.
@Suite struct RecordSetTests {
    /// `é` precomposed and `e` with a combining accent: one key to Swift, and so to a dictionary.
    private static let keys = (0..<12).map { "Item:\($0)" } + [
        "QUERY_ROOT.repository(name:orion,owner:apple).issues(first:100).nodes.3.comments(first:50).nodes.7",
        "Person:é", "Person:e\u{301}", "", "🚀:1",
    ]

    private static func record(_ key: CacheKey, _ value: Int) -> Record {
        Record(key: key, fields: ["value": .value(.int(value))])
    }

    @Test func behavesAsADictionaryThroughEveryOperation() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var set = RecordSet()
        var model: [CacheKey: Record] = [:]
        for step in 0..<2_000 {
            let key = Self.keys[next(Self.keys.count)]
            switch next(4) {
            case 0:
                set[key] = nil
                model[key] = nil
            default:
                set[key] = Self.record(key, step)
                model[key] = Self.record(key, step)
            }
            #expect(set[key] == model[key], "step \(step)")
            #expect(set.count == model.count, "step \(step)")
        }
        #expect(Set(set.keys) == Set(model.keys))
        #expect(Dictionary(uniqueKeysWithValues: set.map { ($0.key, $0.value) }) == model)
        #expect(set == RecordSet(model))
        #expect(set != RecordSet())
        let filtered = set.filter { $0.key.hasPrefix("Item:") }
        #expect(filtered == RecordSet(model.filter { $0.key.hasPrefix("Item:") }))
    }

    @Test func equalKeysSpelledWithDifferentBytesAreOneKey() {
        var set: RecordSet = ["Person:é": Self.record("Person:é", 1)]
        #expect(set["Person:e\u{301}"] == Self.record("Person:é", 1))
        set["Person:e\u{301}"] = Self.record("Person:e\u{301}", 2)
        #expect(set.count == 1)
        #expect(set["Person:é"]?.fields["value"] == .value(.int(2)))
    }

    @Test func insertMergesTheFieldsOfARecordAlreadyThere() {
        var set = RecordSet(records: [
            Record(key: "Item:1", fields: ["name": .value(.string("a")), "size": .value(.int(1))]),
            Record(key: "Item:1", fields: ["size": .value(.int(2)), "color": .value(.string("red"))]),
        ])
        set.insert(Record(key: "Item:2", fields: ["name": .value(.string("b"))]))
        #expect(set.count == 2)
        #expect(set["Item:1"]?.fields == ["name": .value(.string("a")), "size": .value(.int(2)), "color": .value(.string("red"))])
        #expect(set["Item:2"]?.fields == ["name": .value(.string("b"))])
    }

    /// A field written again takes the later write's expiry, or none; the others keep theirs.
    @Test func insertGivesAFieldWrittenAgainTheLaterExpiry() {
        let early = Date(timeIntervalSince1970: 100), late = Date(timeIntervalSince1970: 200)
        var set = RecordSet(records: [
            Record(key: "Item:1", fields: ["name": .value(.string("a")), "size": .value(.int(1)), "color": .value(.string("red"))],
                   expirations: ["name": early, "size": early, "color": early]),
        ])
        set.insert(Record(key: "Item:1", fields: ["size": .value(.int(2)), "color": .value(.string("blue"))], expirations: ["color": late]))
        #expect(set["Item:1"]?.expirations == ["name": early, "color": late])
        #expect(set["Item:1"]?.fields["size"] == .value(.int(2)))
    }

    /// The in-memory cache keeps the set's hashes: a record merged under one spelling of its key
    /// is loaded, merged into and removed under the other.
    @Test func theInMemoryCacheFindsAKeyByEitherSpelling() {
        for cache in [InMemoryNormalizedCache(), InMemoryNormalizedCache(maxRecordCount: 10)] {
            _ = cache.merge(records: ["Person:é": Self.record("Person:é", 1)])
            #expect(cache.loadRecord(forKey: "Person:e\u{301}")?.fields["value"] == .value(.int(1)))
            let changed = cache.merge(records: ["Person:e\u{301}": Self.record("Person:e\u{301}", 2)])
            #expect(changed.count == 1)
            #expect(cache.recordCount == 1)
            #expect(cache.loadRecords(forKeys: ["Person:é"]).values.first?.fields["value"] == .value(.int(2)))
            cache.removeRecords(forKeys: ["Person:e\u{301}"])
            #expect(cache.recordCount == 0)
        }
    }
}
