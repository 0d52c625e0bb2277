import Foundation
import OrionAPI
import OrionCache
import Testing

/// `ChangedFields` reads as the list of every field it was given, whether they came one by one
/// or as a whole record; and each cache reports through it exactly the fields a merge changed.
@Suite struct ChangedFieldsTests {
    private static func field(_ key: CacheKey, _ name: String) -> CacheField {
        CacheField(key: key, field: name)
    }

    @Test func listsRecordsFieldByFieldInTheOrderTheyWereAdded() {
        var changed = ChangedFields()
        #expect(changed.isEmpty)
        changed.append(Self.field("Launch:1", "site"))
        changed.append(everyFieldOf: ["id": .value(.string("2")), "site": .value(.null), "rocket": .reference("Rocket:1")], at: "Launch:2")
        changed.append(everyFieldOf: [:], at: "Launch:3")
        changed.append(Self.field("Launch:4", "isBooked"))
        var other = ChangedFields()
        other.append(everyFieldOf: ["name": .value(.string("é"))], at: "Person:e\u{301}")
        changed.append(contentsOf: other)

        let expected = [
            Self.field("Launch:1", "site"),
            Self.field("Launch:2", "id"), Self.field("Launch:2", "site"), Self.field("Launch:2", "rocket"),
            Self.field("Launch:4", "isBooked"),
            Self.field("Person:é", "name"),
        ]
        #expect(Array(changed) == expected)
        #expect(changed.count == expected.count)
        #expect(changed == ChangedFields(expected), "equal however the fields were added")
        #expect(changed != ChangedFields(expected.reversed()), "order counts, as it does for an array")
        #expect(!changed.isEmpty)
        #expect(changed.description == "[Launch:1.site, Launch:2.id, Launch:2.site, Launch:2.rocket, Launch:4.isBooked, Person:é.name]")
    }

    @Test func aRecordOfNoFieldsChangesNothing() {
        var changed = ChangedFields()
        changed.append(everyFieldOf: [:], at: "Launch:1")
        #expect(changed.isEmpty)
        #expect(changed.count == 0)
        #expect(Array(changed).isEmpty)
        var record = Record(key: "Launch:1")
        #expect(!record.merge(Record(key: "Launch:1"), changed: &changed))
        #expect(changed.isEmpty)
    }

    @Test func aMergeReportsWhetherAndWhichFieldsChanged() {
        var changed = ChangedFields()
        var record = Record(key: "Launch:1")
        #expect(record.merge(Record(key: "Launch:1", fields: ["site": .value(.string("A")), "id": .value(.string("1"))]), changed: &changed))
        #expect(Set(changed) == [Self.field("Launch:1", "site"), Self.field("Launch:1", "id")])

        changed = ChangedFields()
        #expect(!record.merge(Record(key: "Launch:1", fields: ["site": .value(.string("A"))]), changed: &changed), "the same value")
        #expect(changed.isEmpty)

        #expect(record.merge(Record(key: "Launch:1", fields: ["site": .value(.string("B")), "id": .value(.string("1"))]), changed: &changed))
        #expect(changed == [Self.field("Launch:1", "site")])
    }

    /// A first write reports every field of each new record, a second only what it changed.
    @Test func theInMemoryCacheReportsEveryFieldOfANewRecordAndOnlyChangedOnesAfter() {
        let cache = InMemoryNormalizedCache()
        let first: RecordSet = [
            "Launch:1": Record(key: "Launch:1", fields: ["site": .value(.string("A")), "rocket": .reference("Rocket:1")]),
            "Rocket:1": Record(key: "Rocket:1", fields: ["name": .value(.string("Falcon"))]),
        ]
        #expect(Set(cache.merge(records: first)) == [
            Self.field("Launch:1", "site"), Self.field("Launch:1", "rocket"), Self.field("Rocket:1", "name"),
        ])
        let second: RecordSet = [
            "Launch:1": Record(key: "Launch:1", fields: ["site": .value(.string("B")), "rocket": .reference("Rocket:1")]),
            "Rocket:1": Record(key: "Rocket:1", fields: ["name": .value(.string("Falcon"))]),
        ]
        #expect(cache.merge(records: second) == [Self.field("Launch:1", "site")])
        #expect(cache.merge(records: second).isEmpty)
    }
}
