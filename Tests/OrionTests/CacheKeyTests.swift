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

    /// Key field values the response writes in other ways than a plain string: with escapes
    /// (the key holds the text they stand for), as an integer (its decimal digits), and two key
    /// fields joined by `+`. Written from the response's bytes and from the decoded model, the
    /// keys are the same.
    @Test func keyFieldValuesAreTheirTextFromResponsesAndModelsAlike() throws {
        let response = #"""
        {"parts": [
          {"__typename": "Part", "maker": "acme", "serial": 7, "tag": {"__typename": "Tag", "id": "a\"b\\c\u00e9\/"}},
          {"__typename": "Part", "maker": "ac\u006De", "serial": -12, "tag": {"__typename": "Tag", "id": "plain"}}
        ]}
        """#
        let fromResponse = OrionStore()
        try fromResponse.write(data: ResponseObject(jsonData: Data(response.utf8)), for: PartsQuery())
        let expected: Set = [RootCacheKey.query, "Part:acme+7", "Part:acme+-12", #"Tag:a"b\cé/"#, "Tag:plain"]
        #expect(Set(try fromResponse.cache.allKeys()) == expected)

        let model = try fromResponse.read(query: PartsQuery())
        #expect(model.parts.map(\.tag.id) == [#"a"b\cé/"#, "plain"])
        let fromModel = OrionStore()
        try fromModel.write(data: model, for: PartsQuery())
        #expect(Set(try fromModel.cache.allKeys()) == expected)
        #expect(try fromModel.read(query: PartsQuery()) == model)
    }
}

/// `query Parts { parts { __typename maker serial tag { __typename id } } }`, parts keyed by
/// two fields, one an integer.
private struct PartsQuery: GraphQLQuery, Hashable {
    enum Schema: SchemaMetadata {
        static let part = ObjectType(typename: "Part", keyFields: ["maker", "serial"])
        static let tag = ObjectType(typename: "Tag", keyFields: ["id"])
        static func objectType(forTypename typename: String) -> ObjectType? {
            switch typename {
            case "Part": return part
            case "Tag": return tag
            default: return nil
            }
        }
    }

    static let __operation = OperationMetadata("Parts", schema: Schema.self, document: OperationDocument(text: "query Parts", identifier: ""))
    var __variables: [String: JSONValue] { [:] }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("parts", [Part].self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var parts: [Part] { __data[0] }
    }

    struct Part: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(Schema.part), [
            .field("__typename", String.self), .field("maker", String.self), .field("serial", Int.self), .field("tag", Tag.self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var tag: Tag { __data[3] }
    }

    struct Tag: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(Schema.tag), [.field("__typename", String.self), .field("id", String.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var id: String { __data[1] }
    }
}
