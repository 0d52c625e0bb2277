import Foundation
import OrionAPI
import Testing

/// Selections under @include/@skip, decoded with the operation's variables and written back:
/// a field included and `null` comes back `null`, one excluded comes back absent, and a response
/// that lacks an included field is an error. Models are written by hand the way code generation
/// writes them.
private enum Schema {
    static let query = ObjectType(typename: "Query")
    static let human = ObjectType(typename: "Human", implementedInterfaces: ["Character"])
    static let droid = ObjectType(typename: "Droid", implementedInterfaces: ["Character"])
    static let character = InterfaceType(name: "Character", possibleTypes: ["Human", "Droid"])
}

private enum Metadata: SchemaMetadata {
    static func objectType(forTypename typename: String) -> ObjectType? {
        ["Query": Schema.query, "Human": Schema.human, "Droid": Schema.droid][typename]
    }
}

/// ```graphql
/// query Hero($extra: Boolean!, $skipName: Boolean!, $a: Boolean!, $b: Boolean!, $details: Boolean!,
///            $withDefault: Boolean = true) {
///   hero {
///     __typename
///     extra @include(if: $extra)
///     name @skip(if: $skipName)
///     both: nickname @include(if: $a) @include(if: $b)
///     either: height @include(if: $a)
///     either: height @include(if: $b)
///     friend @include(if: $extra) { __typename name }
///     defaulted @include(if: $withDefault)
///     ... on Droid @include(if: $details) { primaryFunction }
///     ...Looks @include(if: $details)
///   }
/// }
/// ```
private struct HeroQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Hero", schema: Metadata.self, document: OperationDocument(text: "query Hero { ... }", identifier: ""), defaultVariables: ["withDefault": .bool(true)])

    var variables: [String: JSONValue]
    var __variables: [String: JSONValue] { variables }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(Schema.query), [.field("hero", Hero?.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var hero: Hero? { __data[0] }

        struct Hero: SelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.interface(Schema.character), [
                .field("__typename", String.self),
                .field("extra", Int?.self, condition: .include("extra")),
                .field("name", String?.self, condition: .skip("skipName")),
                .field("nickname", alias: "both", String?.self, condition: .all([.include("a"), .include("b")])),
                .field("height", alias: "either", Double?.self, condition: .any([.include("a"), .include("b")])),
                .field("friend", Friend?.self, condition: .include("extra")),
                .field("defaulted", String?.self, condition: .include("withDefault")),
                .inlineFragment(AsDroid.self, condition: .include("details")),
                .fragment(Looks.self, condition: .include("details")),
            ])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var extra: Int? { __data[1] }
            var name: String? { __data[2] }
            var both: String? { __data[3] }
            var either: Double? { __data[4] }
            var friend: Friend? { __data[5] }
            var defaulted: String? { __data[6] }
            var asDroid: AsDroid? { __data[7] }
            var looks: Looks? { __data[8] }

            struct Friend: SelectionSet, Hashable {
                static let __metadata = SelectionSetMetadata(.interface(Schema.character), [.field("__typename", String.self), .field("name", String?.self)])
                let __data: DataDict
                init(_dataDict data: DataDict) { __data = data }
                var name: String? { __data[1] }
            }

            struct AsDroid: InlineFragment, Hashable {
                static let __metadata = SelectionSetMetadata(.object(Schema.droid), [.field("primaryFunction", String?.self)])
                let __data: DataDict
                init(_dataDict data: DataDict) { __data = data }
                var primaryFunction: String? { __data[0] }
            }
        }
    }
}

/// `fragment Looks on Character { __typename color mood @include(if: $extra) }`
private struct Looks: Fragment, Hashable {
    static var fragmentDefinition: String { "fragment Looks on Character { __typename color mood @include(if: $extra) }" }
    static var __schema: any SchemaMetadata.Type { Metadata.self }
    static let __metadata = SelectionSetMetadata(.interface(Schema.character), [
        .field("__typename", String.self), .field("color", String?.self), .field("mood", String?.self, condition: .include("extra")),
    ])
    let __data: DataDict
    init(_dataDict data: DataDict) { __data = data }
    var color: String? { __data[1] }
    var mood: String? { __data[2] }
}

@Suite struct ConditionalSelectionTests {
    /// Every condition false but `$withDefault`'s default.
    private static let allFalse: [String: JSONValue] = ["extra": .bool(false), "skipName": .bool(true), "a": .bool(false), "b": .bool(false), "details": .bool(false)]

    private func query(_ changes: [String: JSONValue] = [:]) -> HeroQuery {
        HeroQuery(variables: Self.allFalse.merging(changes) { $1 })
    }

    private func decode(_ json: String, _ query: HeroQuery) throws -> HeroQuery.Data {
        try HeroQuery.Data(jsonData: Data(json.utf8), variables: query.variablesWithDefaults)
    }

    /// The JSON with sorted keys, to compare JSON text.
    private func canonical(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
    }

    /// Decodes `json` with the query's variables and checks that `jsonObject` gives back the same
    /// JSON, which decodes back to an equal model, with the variables and without.
    @discardableResult
    private func roundTrip(_ json: String, _ query: HeroQuery, sourceLocation: SourceLocation = #_sourceLocation) throws -> HeroQuery.Data {
        let data = try decode(json, query)
        let original = try JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect(try canonical(data.jsonObject) == canonical(original), sourceLocation: sourceLocation)
        #expect(try HeroQuery.Data(jsonObject: data.jsonObject, variables: query.variablesWithDefaults) == data, sourceLocation: sourceLocation)
        #expect(try HeroQuery.Data(jsonObject: data.jsonObject) == data, "without variables, the data decides the same", sourceLocation: sourceLocation)
        return data
    }

    @Test func aFieldIncludedIsWrittenBackWithItsValueOrNull() throws {
        let values = try roundTrip(#"{"hero": {"__typename": "Human", "extra": 3, "friend": {"__typename": "Droid", "name": null}, "defaulted": "d"}}"#,
                                   query(["extra": .bool(true)]))
        #expect(values.hero?.extra == 3)
        #expect(values.hero?.friend != nil && values.hero?.friend?.name == nil)

        let nulls = try roundTrip(#"{"hero": {"__typename": "Human", "extra": null, "friend": null, "defaulted": "d"}}"#, query(["extra": .bool(true)]))
        let hero = try #require(nulls.hero)
        #expect(hero.extra == nil && hero.friend == nil)
        #expect((nulls.jsonObject["hero"] as? [String: Any])?["extra"] is NSNull)
        #expect(values != nulls)
    }

    @Test func anExcludedFieldStaysAbsentAndDiffersFromNull() throws {
        let excluded = try roundTrip(#"{"hero": {"__typename": "Human", "defaulted": "d"}}"#, query())
        #expect(excluded.hero?.extra == nil, "an excluded field reads as nil")
        #expect((excluded.jsonObject["hero"] as? [String: Any])?.keys.contains("extra") == false)
        let null = try decode(#"{"hero": {"__typename": "Human", "extra": null, "friend": null, "defaulted": "d"}}"#, query(["extra": .bool(true)]))
        #expect(excluded != null, "decoding tells excluded from null")
        #expect(MemoryLayout<DataDict.Value>.size == 17, "a value does not grow")
    }

    @Test func aFieldExcludedByTheVariablesIsExcludedWhateverTheResponseHolds() throws {
        let data = try decode(#"{"hero": {"__typename": "Human", "extra": 3, "defaulted": "d"}}"#, query())
        #expect(data.hero?.extra == nil)
        #expect((data.jsonObject["hero"] as? [String: Any])?.keys.contains("extra") == false)
    }

    @Test func skip() throws {
        let skipped = try roundTrip(#"{"hero": {"__typename": "Human", "defaulted": "d"}}"#, query(["skipName": .bool(true)]))
        #expect(skipped.hero?.name == nil)
        let kept = try roundTrip(#"{"hero": {"__typename": "Human", "name": null, "defaulted": "d"}}"#, query(["skipName": .bool(false)]))
        #expect((kept.jsonObject["hero"] as? [String: Any])?["name"] is NSNull)
        #expect(skipped != kept)
    }

    @Test func allAndAnyNest() throws {
        // a: `both` needs a and b, `either` needs one of them.
        let onlyA = try roundTrip(#"{"hero": {"__typename": "Human", "either": null, "defaulted": "d"}}"#, query(["a": .bool(true)]))
        let hero = try #require(onlyA.jsonObject["hero"] as? [String: Any])
        #expect(!hero.keys.contains("both") && hero["either"] is NSNull)
        let aAndB = try roundTrip(#"{"hero": {"__typename": "Human", "both": null, "either": 1.5, "defaulted": "d"}}"#, query(["a": .bool(true), "b": .bool(true)]))
        #expect(aAndB.hero?.either == 1.5)
        #expect((aAndB.jsonObject["hero"] as? [String: Any])?["both"] is NSNull)
        #expect(InclusionCondition.any([.all([.include("a"), .skip("b")]), .include("c")]).evaluate(with: ["a": .bool(true), "b": .bool(false)]))
        #expect(!InclusionCondition.any([.all([.include("a"), .skip("b")]), .include("c")]).evaluate(with: ["a": .bool(true), "b": .bool(true)]))
    }

    @Test func typeCasesAndFragmentsUnderConditions() throws {
        let details = query(["details": .bool(true), "extra": .bool(true)])
        let included = try roundTrip(#"""
            {"hero": {"__typename": "Droid", "extra": null, "friend": null, "defaulted": "d", "primaryFunction": null, "color": "gold", "mood": null}}
            """#, details)
        let hero = try #require(included.hero)
        #expect(hero.asDroid != nil && hero.asDroid?.primaryFunction == nil)
        #expect(hero.looks?.color == "gold")
        #expect((included.jsonObject["hero"] as? [String: Any])?["mood"] is NSNull, "a fragment's own included null is written back")

        let human = try roundTrip(#"{"hero": {"__typename": "Human", "extra": null, "friend": null, "defaulted": "d", "color": null, "mood": "calm"}}"#, details)
        #expect(human.hero?.asDroid == nil, "a type case whose type does not hold")
        #expect(human.hero?.looks?.mood == "calm")

        let excluded = try roundTrip(#"{"hero": {"__typename": "Droid", "defaulted": "d"}}"#, query())
        #expect(excluded.hero?.asDroid == nil && excluded.hero?.looks == nil)
    }

    @Test func aVariableLeftOutTakesItsDefaultValue() throws {
        let query = query()
        #expect(query.__variables["withDefault"] == nil, "not sent")
        #expect(query.variablesWithDefaults["withDefault"] == .bool(true))
        #expect(InclusionCondition.include("withDefault").evaluate(with: query.variablesWithDefaults))
        let data = try roundTrip(#"{"hero": {"__typename": "Human", "defaulted": null}}"#, query)
        #expect((data.jsonObject["hero"] as? [String: Any])?["defaulted"] is NSNull, "included by the default")

        let sent = self.query(["withDefault": .bool(false)])
        #expect(sent.variablesWithDefaults["withDefault"] == .bool(false), "a value sent overrides the default")
        let excluded = try roundTrip(#"{"hero": {"__typename": "Human"}}"#, sent)
        #expect(excluded.hero?.defaulted == nil)
    }

    @Test func anIncludedSelectionTheResponseLacksIsAnErrorNamingItsPath() throws {
        func failure(_ json: String, _ query: HeroQuery) throws -> ResponseDecodingError {
            try #require(throws: ResponseDecodingError.self) { try decode(json, query) }
        }
        let field = try failure(#"{"hero": {"__typename": "Human", "friend": null, "defaulted": "d"}}"#, query(["extra": .bool(true)]))
        #expect(field.path.description == "hero.extra" && field.isMissingField)

        let byDefault = try failure(#"{"hero": {"__typename": "Human"}}"#, query())
        #expect(byDefault.path.description == "hero.defaulted")

        let typeCase = try failure(#"{"hero": {"__typename": "Droid", "defaulted": "d", "color": null}}"#, query(["details": .bool(true)]))
        #expect(typeCase.path.description == "hero.primaryFunction")

        let fragment = try failure(#"{"hero": {"__typename": "Human", "defaulted": "d"}}"#, query(["details": .bool(true)]))
        #expect(fragment.path.description == "hero.color")

        // Without variables, the same responses decode: what is missing is excluded.
        #expect(try HeroQuery.Data(jsonData: Data(#"{"hero": {"__typename": "Droid", "color": null}}"#.utf8)).hero?.asDroid == nil)
    }
}
