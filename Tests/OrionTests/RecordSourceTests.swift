import Foundation
@testable import OrionCache
import OrionAPI
import Testing

/// Reading models straight from cache records.
@Suite struct RecordSourceTests {
    private static let heroKey = "Droid:2001"
    private static let heroField = "hero(episode:EMPIRE)"

    /// R2-D2's record with `changes` applied, his friends' and the root's.
    private static func records(_ changes: (inout Record) -> Void = { _ in }) -> RecordSet {
        var hero = Record(key: heroKey, fields: [
            "__typename": .value(.string("Droid")), "id": .value(.string("2001")), "name": .value(.string("R2-D2")),
            "score": .value(.int(Int.max)), "born": .value(.string("1977-05-25T00:00:00Z")),
            "big": .value(.int(9_007_199_254_740_993)), "ratio": .value(.double(0.1)), "zero": .value(.double(-0.0)),
            "nickname": .value(.null), "primaryFunction": .value(.string("Astromech")),
            "friends": .list([.reference("Human:1000"), .reference("Human:1002")]),
        ])
        changes(&hero)
        func human(_ id: String, _ name: String) -> Record {
            Record(key: "Human:" + id, fields: [
                "__typename": .value(.string("Human")), "id": .value(.string(id)), "name": .value(.string(name)),
            ])
        }
        return [
            RootCacheKey.query: Record(key: RootCacheKey.query, fields: [heroField: .reference(heroKey)]),
            heroKey: hero, "Human:1000": human("1000", "Luke"), "Human:1002": human("1002", "Han"),
        ]
    }

    private static func store(_ changes: (inout Record) -> Void = { _ in }) -> OrionStore {
        OrionStore(cache: InMemoryNormalizedCache(records: records(changes)))
    }

    @Test func numbersAreReadAsTheRecordKeepsThem() throws {
        let hero = try #require(try Self.store().read(query: HeroQuery()).hero)
        #expect(hero.big == 9_007_199_254_740_993, "not representable as a Double")
        #expect(hero.ratio == 0.1)
        #expect(hero.zero == 0 && hero.zero.sign == .minus)
        #expect(hero.score == Int64.max)
        #expect(hero.nickname == nil)
    }

    @Test func aWholeDoubleIsReadAsAnIntAndAnIntAsADouble() throws {
        let hero = try #require(try Self.store { $0.fields["big"] = .value(.double(3)); $0.fields["ratio"] = .value(.int(2)) }.read(query: HeroQuery()).hero)
        #expect(hero.big == 3 && hero.ratio == 2)
    }

    @Test func customScalarsAreReadFromTheirJSON() throws {
        let hero = try #require(try Self.store { $0.fields["score"] = .value(.string("-9223372036854775808")) }.read(query: HeroQuery()).hero)
        #expect(hero.score == Int64.min)
        #expect(hero.born == Date(timeIntervalSince1970: 233_366_400))
    }

    @Test func aValueOfAnotherTypeIsADecodingErrorWithItsPath() throws {
        let store = Self.store { $0.fields["born"] = .value(.string("yesterday")) }
        let error = try #require(throws: ResponseDecodingError.self) { try store.read(query: HeroQuery()) }
        #expect(error.path.description == "hero.born" && error.expected == "an ISO 8601 date" && error.found == #""yesterday""#)
        let wrongType = try #require(throws: ResponseDecodingError.self) {
            try Self.store { $0.fields["name"] = .value(.int(42)) }.read(query: HeroQuery())
        }
        #expect(wrongType.path.description == "hero.name" && wrongType.expected == "String" && wrongType.found == "42")
    }

    @Test func aTypeCaseAndAFragmentReadTheSameRecordWithTheirOwnSelections() throws {
        let hero = try #require(try Self.store().read(query: HeroQuery()).hero)
        #expect(hero.asDroid?.primaryFunction == "Astromech")
        #expect(hero.details.name == "R2-D2")
        #expect(hero.friends?.map(\.id) == ["1000", "1002"])
        #expect(hero.details.friends.map(\.name) == ["Luke", "Han"], "the same field, with more of its objects' fields")
    }

    @Test func aTypeCaseWhoseTypeDoesNotMatchIsNilAndNotRead() throws {
        let store = Self.store {
            $0.fields["__typename"] = .value(.string("Human"))
            $0.fields["primaryFunction"] = nil
        }
        let hero = try #require(try store.read(query: HeroQuery()).hero)
        #expect(hero.asDroid == nil && hero.details.name == "R2-D2")
    }

    @Test func aMissingFieldIsAMissNamingRecordAndField() throws {
        let error = try #require(throws: CacheMissError.self) { try Self.store { $0.fields["nickname"] = nil }.read(query: HeroQuery()) }
        #expect(error.key == Self.heroKey && error.field == "nickname" && error.staleSince == nil, "nullable, yet needed")
        let typeCase = try #require(throws: CacheMissError.self) { try Self.store { $0.fields["primaryFunction"] = nil }.read(query: HeroQuery()) }
        #expect(typeCase.key == Self.heroKey && typeCase.field == "primaryFunction")
    }

    @Test func aMissingRecordIsAMissNamingIt() throws {
        var records = Self.records()
        records["Human:1002"] = nil
        let error = try #require(throws: CacheMissError.self) {
            try OrionStore(cache: InMemoryNormalizedCache(records: records)).read(query: HeroQuery())
        }
        #expect(error.key == "Human:1002" && error.field == nil)
    }

    @Test func aStaleFieldIsAMissSayingSince() throws {
        let since = Date(timeIntervalSinceNow: -60)
        let store = Self.store { $0.expirations["name"] = since }
        let error = try #require(throws: CacheMissError.self) { try store.read(query: HeroQuery()) }
        #expect(error.key == Self.heroKey && error.field == "name" && error.staleSince == since)
        #expect(throws: Never.self, "fresh until then") {
            try Self.store { $0.expirations["name"] = Date(timeIntervalSinceNow: 3600) }.read(query: HeroQuery())
        }
    }

    @Test func aFieldExcludedByTheVariablesIsNeitherNeededNorNoted() throws {
        let store = Self.store { $0.fields["nickname"] = nil }
        let (data, dependencies) = try store.readWithDependencies(query: HeroQuery(withFriends: .some(false)))
        #expect(data.hero?.nickname == nil && data.hero?.friends == nil)
        #expect(!dependencies.fields.contains(CacheField(key: Self.heroKey, field: "nickname")))
        #expect(throws: CacheMissError.self, "included by default") { try store.read(query: HeroQuery()) }
    }

    @Test func everyFieldReadIsNotedForAWatcher() throws {
        let (_, dependencies) = try Self.store().readWithDependencies(query: HeroQuery())
        let expected: Set<CacheField> = Set(
            [CacheField(key: RootCacheKey.query, field: Self.heroField)]
                + ["__typename", "id", "name", "score", "born", "big", "ratio", "zero", "nickname", "friends", "primaryFunction"]
                .map { CacheField(key: Self.heroKey, field: $0) }
                + ["Human:1000", "Human:1002"].flatMap { key in ["__typename", "id", "name"].map { CacheField(key: key, field: $0) } }
        )
        #expect(dependencies.fields == expected)
    }

    @Test func aTransactionReadsItsOwnWritesFromRecords() throws {
        let store = Self.store()
        try store.withinReadWriteTransaction { transaction in
            try transaction.updateRecord(Self.heroKey) { $0.fields["ratio"] = .value(.double(0.3)) }
            #expect(try transaction.read(query: HeroQuery()).hero?.ratio == 0.3)
            #expect(try transaction.read(HeroQuery.Details.self, at: Self.heroKey).friends.map(\.name) == ["Luke", "Han"])
        }
    }

    /// A record changed in a transaction stays at the key it was read from, twice changed and
    /// whatever the change does to its `key`: no record appears at another key, and a new one
    /// is stored with the key it is stored at.
    @Test func aTransactionKeepsARecordAtTheKeyItWasUpdatedAt() throws {
        let store = Self.store()
        let keysBefore = try store.cache.allKeys()
        try store.withinReadWriteTransaction { transaction in
            try transaction.updateRecord("Droid:new") { record in
                record.key = "Droid:elsewhere"
                record.fields["name"] = .value(.string("BB-8"))
            }
            try transaction.updateRecord(Self.heroKey) { record in
                record.key = "Droid:elsewhere"
                record.fields["ratio"] = .value(.double(0.5))
            }
            try transaction.updateRecord(Self.heroKey) { $0.fields["nickname"] = .value(.string("Artoo")) }
            let hero = try transaction.read(query: HeroQuery()).hero
            #expect(hero?.ratio == 0.5)
            #expect(hero?.nickname == "Artoo")
        }
        #expect(try store.cache.allKeys() == keysBefore.union(["Droid:new"]))
        let new = try store.cache.loadRecord(forKey: "Droid:new")
        #expect(new?.key == "Droid:new")
        #expect(new?.fields["name"] == .value(.string("BB-8")))
        let stored = try store.cache.loadRecord(forKey: Self.heroKey)
        #expect(stored?.key == Self.heroKey)
        #expect(stored?.fields["ratio"] == .value(.double(0.5)))
        #expect(stored?.fields["nickname"] == .value(.string("Artoo")))
    }
}
