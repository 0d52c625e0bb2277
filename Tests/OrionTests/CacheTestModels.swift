import Foundation
import OrionAPI

/// Models written by hand the way code generation writes them, for the cache's tests:
///
/// ```graphql
/// query Hero($withFriends: Boolean = true) {
///   hero(episode: EMPIRE) {
///     __typename id name score born big ratio zero
///     nickname @include(if: $withFriends)
///     friends @include(if: $withFriends) { __typename id }
///     ... on Droid { primaryFunction }
///     ...Details
///   }
/// }
/// fragment Details on Character { name friends { __typename id name } }
/// ```
///
/// `score` is a `Long` (`Int64`), `born` a `DateTime` (`Date`); Humans and Droids are keyed by
/// `id`.
enum CacheTestSchema: SchemaMetadata {
    static let human = ObjectType(typename: "Human", implementedInterfaces: ["Character"], keyFields: ["id"])
    static let droid = ObjectType(typename: "Droid", implementedInterfaces: ["Character"], keyFields: ["id"])
    static let character = InterfaceType(name: "Character", possibleTypes: ["Human", "Droid"], keyFields: ["id"])

    static func objectType(forTypename typename: String) -> ObjectType? {
        switch typename {
        case "Human": return human
        case "Droid": return droid
        default: return nil
        }
    }
}

/// The same schema, with a schema configuration that keys characters by `id` in one key space.
enum CacheTestKeyedSchema: SchemaMetadata {
    static func objectType(forTypename typename: String) -> ObjectType? {
        CacheTestSchema.objectType(forTypename: typename)
    }

    static func cacheKeyInfo(for type: ObjectType, object: ResponseObject) -> CacheKeyInfo? {
        guard let id = try? object.field("id", as: String.self) else { return nil }
        return CacheKeyInfo(id: id, uniqueKeyGroup: "Character")
    }
}

struct HeroQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Hero", schema: CacheTestSchema.self, document: OperationDocument(text: "query Hero", identifier: ""), defaultVariables: ["withFriends": .bool(true)])

    var withFriends: GraphQLNullable<Bool> = .absent
    var __variables: [String: JSONValue] { JSONValue.fields(["withFriends": withFriends.inputValue()]) }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("hero", Hero?.self, arguments: ["episode": .value(.string("EMPIRE"))])])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var hero: Hero? { __data[0] }
    }

    struct Hero: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.interface(CacheTestSchema.character), [
            .field("__typename", String.self),
            .field("id", String.self),
            .field("name", String.self),
            .field("score", Int64?.self),
            .field("born", Date?.self),
            .field("big", Int.self),
            .field("ratio", Double.self),
            .field("zero", Double.self),
            .field("nickname", String?.self, condition: .include("withFriends")),
            .field("friends", [Friend]?.self, condition: .include("withFriends")),
            .inlineFragment(AsDroid.self),
            .fragment(Details.self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var __typename: String { __data[0] }
        var id: String { __data[1] }
        var name: String { __data[2] }
        var score: Int64? { __data[3] }
        var born: Date? { __data[4] }
        var big: Int { __data[5] }
        var ratio: Double { __data[6] }
        var zero: Double { __data[7] }
        var nickname: String? { __data[8] }
        var friends: [Friend]? { __data[9] }
        var asDroid: AsDroid? { __data[10] }
        var details: Details { __data[11] }

        struct Friend: SelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.interface(CacheTestSchema.character), [.field("__typename", String.self), .field("id", String.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var id: String { __data[1] }
        }

        struct AsDroid: InlineFragment, Hashable {
            static let __metadata = SelectionSetMetadata(.object(CacheTestSchema.droid), [.field("primaryFunction", String.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var primaryFunction: String { __data[0] }
        }
    }

    struct Details: Fragment, Hashable {
        static let fragmentDefinition = "fragment Details on Character { name friends { __typename id name } }"
        static var __schema: any SchemaMetadata.Type { CacheTestSchema.self }
        static let __metadata = SelectionSetMetadata(.interface(CacheTestSchema.character), [.field("name", String.self), .field("friends", [Friend].self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var name: String { __data[0] }
        var friends: [Friend] { __data[1] }

        struct Friend: SelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.interface(CacheTestSchema.character), [
                .field("__typename", String.self), .field("id", String.self), .field("name", String.self),
            ])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var name: String { __data[2] }
        }
    }

    /// A response for the query: R2-D2 and his friends.
    static let response = #"""
    {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "score": 9223372036854775807,
      "born": "1977-05-25T00:00:00Z", "big": 9007199254740993, "ratio": 0.1, "zero": -0.0, "nickname": null,
      "friends": [{"__typename": "Human", "id": "1000", "name": "Luke"}, {"__typename": "Human", "id": "1002", "name": "Han"}],
      "primaryFunction": "Astromech"}}
    """#
}

/// `HeroQuery` on the schema whose configuration keys objects.
struct KeyedHeroQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Hero", schema: CacheTestKeyedSchema.self, document: OperationDocument(text: "query Hero", identifier: ""), defaultVariables: ["withFriends": .bool(true)])
    typealias Data = HeroQuery.Data
}
