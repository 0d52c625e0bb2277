import Foundation
import OrionAPI
import StarWarsAPI
import Testing

/// Generated Star Wars models, built from JSON responses and read field by field.
@Suite struct StarWarsTests {
    @Test func scalarsListsAndNestedObjects() throws {
        let json = try jsonObject("""
            {"hero": {"__typename": "Droid", "name": "R2-D2",
              "friends": [{"__typename": "Human", "name": "Luke Skywalker"}, null, {"__typename": "Droid", "name": "C-3PO"}]}}
            """)
        let data = try HeroAndFriendsNamesQuery.Data(jsonObject: json)
        #expect(data.hero?.name == "R2-D2")
        #expect(data.hero?.__typename == "Droid")
        #expect(data.hero?.friends?.count == 3)
        #expect(data.hero?.friends?[0]?.name == "Luke Skywalker")
        #expect(data.hero?.friends?[1] == nil)
        #expect(try canonical(data.jsonObject) == canonical(json))
    }

    @Test func enumsKeepUnknownValues() throws {
        let json = try jsonObject(#"{"hero": {"__typename": "Droid", "appearsIn": ["NEWHOPE", "JEDI", "ROGUE_ONE"]}}"#)
        let data = try HeroAppearsInQuery.Data(jsonObject: json)
        let appearsIn = try #require(data.hero?.appearsIn)
        #expect(appearsIn[0] == .case(.newhope))
        #expect(appearsIn[1]?.value == .jedi)
        #expect(appearsIn[2] == .unknown("ROGUE_ONE"))
        #expect(try canonical(data.jsonObject) == canonical(json))
    }

    @Test func typeCasesFollowTypename() throws {
        let human = try HeroDetailsQuery.Data(jsonObject: jsonObject(#"{"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}"#))
        #expect(human.hero?.asHuman?.height == 1.72)
        #expect(human.hero?.asHuman?.name == "Luke")
        #expect(human.hero?.asDroid == nil)
        let droid = try HeroDetailsQuery.Data(jsonObject: jsonObject(#"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#))
        #expect(droid.hero?.asDroid?.primaryFunction == "Astromech")
        #expect(droid.hero?.asHuman == nil)

        // Models are Hashable by their data, type cases included.
        let sameHuman = try HeroDetailsQuery.Data(jsonObject: jsonObject(#"{"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}"#))
        #expect(human == sameHuman && human.hashValue == sameHuman.hashValue)
        #expect(human != droid && human.hero?.asHuman != droid.hero?.asHuman)
        #expect(Set([human, sameHuman, droid]).count == 2)
        #expect(Set([human.hero?.asHuman, sameHuman.hero?.asHuman]).count == 1)
    }

    private static let luke = #"{"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}"#

    @Test func everyModelHasItsTypename() throws {
        let data = try HeroDetailsWithFragmentQuery.Data(jsonObject: jsonObject(Self.luke))
        let hero = try #require(data.hero)
        // The server's, where the selections hold it: the field's model, a type case, a fragment.
        #expect(hero.__typename == "Human")
        #expect(hero.fragments.heroDetails.__typename == "Human")
        #expect(hero.fragments.heroDetails.asHuman?.__typename == "Human")
        // The root's data has none in the response: it is of the operation's root type.
        #expect(data.__typename == "Query")
        let droid = try HeroDetailsWithFragmentQuery.Data(jsonObject: jsonObject(#"{"hero": {"__typename": "Droid", "name": "R2-D2"}}"#))
        #expect(droid.hero?.__typename == "Droid")
        #expect(droid.hero?.fragments.heroDetails.asDroid?.__typename == "Droid")
    }

    @Test func namedFragmentsAndMergedFields() throws {
        let json = try jsonObject(Self.luke)
        let data = try HeroDetailsWithFragmentQuery.Data(jsonObject: json)
        let hero = try #require(data.hero)
        #expect(hero.name == "Luke")
        #expect(hero.fragments.heroDetails.name == "Luke")
        #expect(hero.fragments.heroDetails.asHuman?.height == 1.72)
        #expect(try canonical(data.jsonObject) == canonical(json))
    }

    @Test func unionsAndIdentifiable() throws {
        let json = try jsonObject("""
            {"search": [{"__typename": "Human", "id": "1000", "name": "Luke"}, {"__typename": "Starship", "id": "3000", "name": "Millenium Falcon"}]}
            """)
        let data = try SearchQuery.Data(jsonObject: json)
        let results = try #require(data.search)
        #expect(results[0]?.asHuman?.id == "1000")
        #expect(results[1]?.asStarship?.name == "Millenium Falcon")
        #expect(results[1]?.asHuman == nil)
        #expect(try canonical(data.jsonObject) == canonical(json))
    }

    @Test func listsOfLists() throws {
        let json = try jsonObject(#"{"starshipCoordinates": {"__typename": "Starship", "name": "X", "coordinates": [[1, 2], [3.5, 4]], "length": 12.5}}"#)
        let data = try StarshipCoordinatesQuery.Data(jsonObject: json)
        #expect(data.starshipCoordinates?.coordinates == [[1, 2], [3.5, 4]])
        #expect(data.starshipCoordinates?.length == 12.5)
    }

    @Test func aliasesAreProperties() throws {
        let json = try jsonObject(#"{"hero": {"__typename": "Droid", "name": "R2-D2"}, "r2": {"__typename": "Droid", "appearsIn": ["JEDI"]}}"#)
        let data = try SameHeroTwiceQuery.Data(jsonObject: json)
        #expect(data.hero?.name == "R2-D2")
        #expect(data.r2?.appearsIn == [.case(.jedi)])
    }

    @Test func includeAndSkipFieldsAreOptional() throws {
        let without = try HeroNameConditionalInclusionQuery.Data(jsonObject: jsonObject(#"{"hero": {"__typename": "Droid"}}"#))
        #expect(without.hero?.name == nil)
        let with = try HeroNameConditionalInclusionQuery.Data(jsonObject: jsonObject(#"{"hero": {"__typename": "Droid", "name": "R2-D2"}}"#))
        #expect(with.hero?.name == "R2-D2")
    }

    @Test func conditionalFragmentIsNilWhenExcluded() throws {
        let excluded = try HeroDetailsFragmentConditionalInclusionQuery.Data(jsonObject: jsonObject(#"{"hero": {"__typename": "Droid"}}"#))
        #expect(excluded.hero?.fragments.heroDetails == nil)
        let included = try HeroDetailsFragmentConditionalInclusionQuery.Data(
            jsonObject: jsonObject(#"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#))
        #expect(included.hero?.fragments.heroDetails?.asDroid?.primaryFunction == "Astromech")
    }

    @Test func mismatchesNameTheirPath() throws {
        let wrongType = try jsonObject(#"{"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [{"__typename": "Human", "name": 42}]}}"#)
        let error = try #require(throws: ResponseDecodingError.self) { try HeroAndFriendsNamesQuery.Data(jsonObject: wrongType) }
        #expect(error.path.description == "hero.friends[0].name")
        #expect(error.expected == "String")
        #expect(error.found == "42")

        let missing = try jsonObject(#"{"hero": {"__typename": "Droid"}}"#)
        let missingError = try #require(throws: ResponseDecodingError.self) { try HeroNameQuery.Data(jsonObject: missing) }
        #expect(missingError.path.description == "hero.name")
        #expect(missingError.description.contains("missing"))
    }

    @Test func variablesAndInputObjects() throws {
        let query = HeroNameQuery(episode: .some(.case(.empire)))
        #expect(query.__variables == ["episode": .string("EMPIRE")])
        #expect(HeroNameQuery().__variables.isEmpty, "absent variables are not sent")
        #expect(HeroNameQuery(episode: .null).__variables == ["episode": .null])
        #expect(query == HeroNameQuery(episode: .some(.case(.empire))), "operations are equal when their variables are")
        #expect(query != HeroNameQuery() && HeroNameQuery() != HeroNameQuery(episode: .null), "absent, null and a value differ")
        #expect(Set([query, HeroNameQuery(episode: .some(.case(.empire))), HeroNameQuery()]).count == 2)

        let review = ReviewInput(stars: 5, commentary: "Great", favorite_color: .some(ColorInput(red: 1, green: 2, blue: 3)))
        let mutation = CreateReviewForEpisodeMutation(episode: .case(.jedi), review: review)
        #expect(mutation.__variables["episode"] == .string("JEDI"))
        #expect(mutation.__variables["review"] == .object([
            "stars": .int(5), "commentary": .string("Great"),
            "favorite_color": .object(["red": .int(1), "green": .int(2), "blue": .int(3)]),
        ]))
    }

    @Test func operationDocumentsAndIdentifiers() throws {
        let document = HeroAndFriendsNamesWithFragmentQuery.operationDocument
        #expect(document.text.hasPrefix("query HeroAndFriendsNamesWithFragment("))
        #expect(document.text.contains("fragment FriendsNames on Character"))
        #expect(!document.text.contains("fragment HeroDetails"), "only the fragments the operation uses")
        #expect(document.identifier.count == 64)
        #expect(HeroNameQuery.operationName == "HeroName")
        #expect(HeroNameQuery.operationType == .query)
        #expect(ReviewAddedSubscription.operationType == .subscription)
    }

    @Test func selectionMetadataDescribesFields() throws {
        let selections = HeroNameQuery.Data.__selections
        guard case .field(let hero) = selections.first else {
            Issue.record("expected a field selection")
            return
        }
        #expect(hero.name == "hero")
        #expect(hero.arguments == ["episode": .variable("episode")])
        guard case .object(let type) = hero.type else {
            Issue.record("expected an object field")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(HeroNameQuery.Data.Hero.self))
    }
}
