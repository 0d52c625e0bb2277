import Foundation
@testable import Orion
import OrionAPI
import Testing

/// The keys records are stored under, from key fields and from paths, with names chosen to
/// break a key built byte by byte: non-ASCII text, a key too long for an inline string, an empty
/// id, and a type the schema does not know.
@Suite struct CacheKeyTests {
    private static let droidID = "2ü01-🤖, an id longer than fifteen bytes"
    private static let response = #"""
    {"hero": {"__typename": "Droid", "id": "\#(droidID)", "name": "R2-D2", "score": null, "born": null,
      "big": 1, "ratio": 0.5, "zero": 0, "nickname": null,
      "friends": [{"__typename": "Wookiee", "id": "w", "name": "Chewie"}, {"__typename": "Human", "id": "", "name": "Nobody"},
                  {"__typename": "Human", "id": "é", "name": "Luke"}],
      "primaryFunction": "Astromech"}}
    """#

    @Test func keysJoinTheirPartsExactly() throws {
        let store = OrionStore()
        try store.write(data: ResponseObject(jsonData: Data(Self.response.utf8)), for: HeroQuery())
        let droid = "Droid:" + Self.droidID
        // The Wookiee's type is not in the schema: it has no key fields, so its path is its key.
        let wookiee = droid + ".friends.0"
        #expect(try store.cache.allKeys() == [RootCacheKey.query, droid, wookiee, "Human:", "Human:é"])
        let root = try #require(try store.cache.loadRecord(forKey: RootCacheKey.query))
        #expect(root.fields["hero(episode:EMPIRE)"] == .reference(droid))
        let hero = try #require(try store.cache.loadRecord(forKey: droid))
        #expect(hero.fields["friends"] == .list([.reference(wookiee), .reference("Human:"), .reference("Human:é")]))
        #expect(try store.cache.loadRecord(forKey: wookiee)?.fields["name"] == .value(.string("Chewie")))
        // Each object's `__typename`, which keyed it, is stored as the server sent it.
        for (key, typename) in [(droid, "Droid"), (wookiee, "Wookiee"), ("Human:", "Human"), ("Human:é", "Human")] {
            #expect(try store.cache.loadRecord(forKey: key)?.fields["__typename"] == .value(.string(typename)), "\(key)")
        }

        let read = try #require(try store.read(query: HeroQuery()).hero)
        #expect(read.id == Self.droidID)
        #expect(read.details.friends.map(\.name) == ["Chewie", "Nobody", "Luke"])
    }
}
