import Foundation
import OrionAPI
import Testing

/// Models written by hand the way code generation writes them (one `DataDict`, properties by
/// position), to test the runtime that decodes them, writes them back and compares them.
private enum Schema {
    static let query = ObjectType(typename: "Query")
    static let human = ObjectType(typename: "Human", implementedInterfaces: ["Character"])
    static let droid = ObjectType(typename: "Droid", implementedInterfaces: ["Character"])
    static let character = InterfaceType(name: "Character", possibleTypes: ["Human", "Droid"])
}

private enum Episode: String, EnumType {
    case newHope = "NEWHOPE"
    case empire = "EMPIRE"
}

/// `query { hero(episode: $episode) { __typename name born appearsIn friends { __typename name }
/// ... on Droid { primaryFunction } ...Named extra @include(if: $extra) } }`
private struct HeroData: RootSelectionSet, Hashable {
    static let __metadata = SelectionSetMetadata(.object(Schema.query), [.field("hero", Hero?.self, arguments: ["episode": .variable("episode")])])
    let __data: DataDict
    init(_dataDict data: DataDict) { __data = data }
    var hero: Hero? { __data[0] }

    struct Hero: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.interface(Schema.character), [
            .field("__typename", String.self),
            .field("name", alias: "title", String.self),
            .field("born", Date?.self),
            .field("appearsIn", [GraphQLEnum<Episode>?].self),
            .field("friends", [Friend?]?.self),
            .field("extra", Int?.self, condition: .include("extra")),
            .inlineFragment(AsDroid.self),
            .fragment(Named.self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var __typename: String { __data[0] }
        var title: String { __data[1] }
        var born: Date? { __data[2] }
        var appearsIn: [GraphQLEnum<Episode>?] { __data[3] }
        var friends: [Friend?]? { __data[4] }
        var extra: Int? { __data[5] }
        var asDroid: AsDroid? { __data[6] }
        var named: Named { __data[7] }

        struct Friend: SelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.interface(Schema.character), [.field("__typename", String.self), .field("name", String.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var name: String { __data[1] }
        }

        struct AsDroid: InlineFragment, Hashable {
            static let __metadata = SelectionSetMetadata(.object(Schema.droid), [.field("primaryFunction", String.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var primaryFunction: String { __data[0] }
        }
    }
}

/// `fragment Named on Character { __typename name }`
private struct Named: Fragment, Hashable {
    static var fragmentDefinition: String { "fragment Named on Character { __typename name }" }
    static var __schema: any SchemaMetadata.Type { TestSchemaMetadata.self }
    static let __metadata = SelectionSetMetadata(.interface(Schema.character), [.field("__typename", String.self), .field("name", String.self)])
    let __data: DataDict
    init(_dataDict data: DataDict) { __data = data }
    var name: String { __data[1] }
}

private enum TestSchemaMetadata: SchemaMetadata {
    static func objectType(forTypename typename: String) -> ObjectType? {
        ["Query": Schema.query, "Human": Schema.human, "Droid": Schema.droid][typename]
    }
}

@Suite struct DataDictTests {
    private static let droid = #"""
        {"hero": {"__typename": "Droid", "title": "R2-D2", "name": "R2-D2", "born": "1977-05-25T00:00:00Z",
                  "appearsIn": ["NEWHOPE", "HOLIDAY_SPECIAL", null],
                  "friends": [{"__typename": "Human", "name": "Luke"}, null], "primaryFunction": "Astromech"}}
        """#

    private func hero(_ json: String) throws -> HeroData {
        try HeroData(jsonData: Data(json.utf8))
    }

    @Test func fieldTypesFollowThePropertiesSwiftTypes() {
        func describe(_ type: FieldType) -> String {
            switch type {
            case .scalar(let scalar): return "\(scalar)"
            case .object(let model): return "\(model)"
            case .nonNull(let inner): return describe(inner) + "!"
            case .list(let inner): return "[" + describe(inner) + "]"
            }
        }
        #expect(describe(FieldType(String.self)) == "String!")
        #expect(describe(FieldType(Int?.self)) == "Int")
        #expect(describe(FieldType([HeroData.Hero.Friend?]?.self)) == "[Friend]")
        #expect(describe(FieldType([[GraphQLEnum<Episode>]].self)) == "[[GraphQLEnum<Episode>!]!]!")
        #expect(describe(FieldType(Date?.self)) == "Date")
    }

    @Test func everyKindOfValueDecodesAndReadsBack() throws {
        let hero = try #require(try hero(Self.droid).hero)
        #expect(hero.__typename == "Droid")
        #expect(hero.title == "R2-D2", "an alias is read under its response key")
        #expect(hero.born == Date(timeIntervalSince1970: 233_366_400))
        #expect(hero.appearsIn == [.case(.newHope), .unknown("HOLIDAY_SPECIAL"), nil], "a newer server's value is kept")
        #expect(hero.friends?.map { $0?.name } == ["Luke", nil])
        #expect(hero.extra == nil, "left out by @include")
        #expect(hero.asDroid?.primaryFunction == "Astromech")
        #expect(hero.named.name == "R2-D2")
    }

    @Test func typeCasesApplyByTypenameAndFragmentsThatAlwaysApplyStay() throws {
        let human = try #require(try hero(#"{"hero": {"__typename": "Human", "title": "Luke", "name": "Luke", "appearsIn": []}}"#).hero)
        #expect(human.asDroid == nil)
        let newer = try #require(try hero(#"{"hero": {"__typename": "Wookiee", "title": "Chewie", "name": "Chewie", "appearsIn": []}}"#).hero)
        #expect(newer.asDroid == nil, "an object type of a newer schema is of no known type")
        #expect(newer.named.name == "Chewie", "a fragment on the field's own type applies to every object")
        #expect(!Schema.character.possibleTypes.contains("Wookiee"))
        #expect(ParentType.interface(Schema.character).isSatisfied(byTypename: "Human"))
    }

    @Test func mismatchesNameTheirPathAndWhatWasExpected() throws {
        func failure(_ json: String) throws -> ResponseDecodingError {
            try #require(throws: ResponseDecodingError.self) { try hero(json) }
        }
        let wrongType = try failure(#"{"hero": {"__typename": "Droid", "title": "R2", "name": "R2", "appearsIn": [], "friends": [null, {"__typename": "Human", "name": 42}]}}"#)
        #expect(wrongType.path.description == "hero.friends[1].name")
        #expect(wrongType.expected == "String" && wrongType.found == "42")

        let missing = try failure(#"{"hero": {"__typename": "Droid", "name": "R2", "appearsIn": []}}"#)
        #expect(missing.path.description == "hero.title" && missing.isMissingField)

        let null = try failure(#"{"hero": {"__typename": "Droid", "title": null, "name": "R2", "appearsIn": []}}"#)
        #expect(null.path.description == "hero.title" && null.found == "null")

        let badDate = try failure(#"{"hero": {"__typename": "Droid", "title": "R2", "name": "R2", "born": "yesterday", "appearsIn": []}}"#)
        #expect(badDate.path.description == "hero.born" && badDate.expected == "an ISO 8601 date")

        let typeCase = try failure(#"{"hero": {"__typename": "Droid", "title": "R2", "name": "R2", "appearsIn": [], "primaryFunction": 1}}"#)
        #expect(typeCase.path.description == "hero.primaryFunction", "a type case's fields are the object's own")

        let notAList = try failure(#"{"hero": {"__typename": "Droid", "title": "R2", "name": "R2", "appearsIn": "NEWHOPE"}}"#)
        #expect(notAList.path.description == "hero.appearsIn" && notAList.expected == "a list")
    }

    @Test func jsonObjectGivesBackWhatWasRead() throws {
        let data = try hero(Self.droid)
        let written = try JSONSerialization.data(withJSONObject: data.jsonObject, options: .sortedKeys)
        let original = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(Self.droid.utf8)), options: .sortedKeys)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: original, as: UTF8.self))
        #expect(try HeroData(jsonObject: data.jsonObject) == data)

        let included = try hero(#"{"hero": {"__typename": "Human", "title": "Luke", "name": "Luke", "appearsIn": [], "extra": 3}}"#)
        #expect(included.hero?.extra == 3)
        #expect((included.jsonObject["hero"] as? [String: Any])?["extra"] as? Int == 3)
        #expect((try hero(Self.droid).jsonObject["hero"] as? [String: Any])?.keys.contains("extra") == false, "an excluded field stays absent")
    }

    /// Found by the fuzzer (`Fuzz/JSONObjectFuzzer/seeds/fractional-date`): a date with a fraction of
    /// a second was written back without it, so that `jsonObject` read back to another model.
    @Test func aDateWithAFractionOfASecondIsWrittenWithIt() throws {
        let json = #"{"hero": {"__typename": "Human", "title": "Luke", "name": "Luke", "born": "1977-05-25T00:00:00.25Z", "appearsIn": []}}"#
        let data = try hero(json)
        #expect(data.hero?.born == Date(timeIntervalSince1970: 233_366_400.25))
        #expect(try HeroData(jsonObject: data.jsonObject) == data)
        #expect(Date(timeIntervalSince1970: 233_366_400.25)._jsonValue == .string("1977-05-25T00:00:00.250Z"))
        #expect(Date(timeIntervalSince1970: 233_366_400)._jsonValue == .string("1977-05-25T00:00:00Z"), "whole seconds as before")
    }

    @Test func modelsAreEqualWhenTheirDataIs() throws {
        let first = try hero(Self.droid)
        let second = try hero(Self.droid)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        let renamed = try hero(Self.droid.replacingOccurrences(of: "Luke", with: "Leia"))
        #expect(first != renamed)
        #expect(first.hero?.named == second.hero?.named, "views compare too")
    }

    /// A model is one reference, its `DataDict`'s storage: the compiler then gives every
    /// generated model the value witnesses it shares with any single reference, and writes none
    /// of its own. A wider `DataDict` (a reference and a range into storage shared by many
    /// objects, tried for the memory of large responses) gave each model eight functions of its
    /// own: 24 % more functions in the generated Star Wars module, 10 % more CPU to build it.
    @Test func aModelIsOneReference() {
        #expect(MemoryLayout<DataDict>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<HeroData.Hero>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<HeroData.Hero?>.size == MemoryLayout<AnyObject>.size, "an optional model costs nothing more")
    }
}
