import Foundation
@testable import OrionCache
import OrionAPI
import Testing

/// Writing a model built in code (an optimistic update, a fixture) to the cache: normalized from
/// its data in place, into the records its response would have written.
@Suite struct ModelWriteTests {
    /// Every record of a store held in memory.
    private static func allRecords(_ store: OrionStore) throws -> [CacheKey: Record] {
        try store.cache.loadRecords(forKeys: store.cache.allKeys())
    }

    /// The model of the response, decoded from its text: through `JSONSerialization`, its
    /// large integer would become a double.
    private static func model(_ query: HeroQuery) throws -> HeroQuery.Data {
        try HeroQuery.Data(jsonData: Data(HeroQuery.response.utf8), variables: query.variablesWithDefaults)
    }

    @Test(arguments: [HeroQuery(), HeroQuery(withFriends: .some(false))])
    func aModelIsWrittenAsItsResponseWouldBeAndReadsBackEqual(query: HeroQuery) throws {
        let model = try Self.model(query)
        let fromModel = OrionStore()
        try fromModel.write(data: model, for: query)
        let fromResponse = OrionStore()
        try fromResponse.write(data: ResponseObject(jsonData: Data(HeroQuery.response.utf8)), for: query)
        let records = try Self.allRecords(fromModel)
        #expect(records == (try Self.allRecords(fromResponse)))
        let excluded = query.withFriends == .some(false)
        #expect((records["Droid:2001"]?.fields["nickname"] == nil) == excluded, "stored only when included, null")
        let read = try fromModel.read(query: query)
        #expect(read == model)
        #expect(read.hero?.asDroid?.primaryFunction == "Astromech" && read.hero?.details.friends.count == 2)
        #expect(read.hero?.nickname == nil && read.hero?.score == Int64.max)
        #expect((read.hero?.friends == nil) == (query.withFriends == .some(false)))
    }

    @Test func theSchemaConfigurationKeysObjectsOfAModel() throws {
        let store = OrionStore()
        try store.write(data: try Self.model(HeroQuery()), for: KeyedHeroQuery())
        let records = try Self.allRecords(store)
        #expect(Set(records.keys) == [RootCacheKey.query, "Character:2001", "Character:1000", "Character:1002"])
        #expect(try store.read(query: KeyedHeroQuery()) == Self.model(HeroQuery()))
    }

    @Test func aTransactionWritesAModelAndAFragment() throws {
        let store = OrionStore()
        let model = try Self.model(HeroQuery())
        try store.withinReadWriteTransaction { transaction in
            try transaction.write(data: model, for: HeroQuery())
            let details = try transaction.read(HeroQuery.Details.self, at: "Droid:2001")
            #expect(details.name == "R2-D2")
            try transaction.update(query: HeroQuery()) { data in
                var json = data.jsonObject
                var hero = try #require(json["hero"] as? [String: Any])
                hero["name"] = "Artoo"
                json["hero"] = hero
                return try HeroQuery.Data(jsonObject: json, variables: HeroQuery().variablesWithDefaults)
            }
        }
        #expect(try store.read(query: HeroQuery()).hero?.details.name == "Artoo")
    }
}
