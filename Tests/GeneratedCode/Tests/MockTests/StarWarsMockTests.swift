import OrionAPI
import OrionTestSupport
import StarWarsAPI
import StarWarsAPIMocks
import Testing

/// Star Wars operations built from mocks, each compared with decoding the same data as JSON.
@Suite struct StarWarsMockTests {
    @Test func interfaceFieldsAndListsOfThem() throws {
        let hero = DroidMock(name: "R2-D2", friends: [HumanMock(name: "Luke Skywalker"), nil, DroidMock(name: "C-3PO")])
        let data = try expectMock(QueryMock(hero: hero), as: HeroAndFriendsNamesQuery.Data.self, equals: """
            {"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [
              {"__typename": "Human", "name": "Luke Skywalker"}, null, {"__typename": "Droid", "name": "C-3PO"}]}}
            """)
        #expect(data.hero?.friends?[2]?.name == "C-3PO")
    }

    @Test func mocksAreSetPiecewiseAndNested() throws {
        let luke = HumanMock()
        luke.name = "Luke Skywalker"
        let query = QueryMock()
        query.hero = luke
        luke.friends = [HumanMock(id: "1002", name: "Han Solo", friends: [DroidMock(name: "R2-D2")])]
        #expect(luke.name == "Luke Skywalker")
        #expect((query.hero as? HumanMock) === luke)
        try expectMock(query, as: HeroFriendsOfFriendsNamesQuery.Data.self, equals: """
            {"hero": {"__typename": "Human", "friends": [{"__typename": "Human", "id": "1002", "friends": [{"__typename": "Droid", "name": "R2-D2"}]}]}}
            """)
    }

    @Test func enums() throws {
        try expectMock(QueryMock(hero: DroidMock(name: "R2-D2", appearsIn: [.newhope, nil, .jedi])), as: HeroNameAndAppearsInQuery.Data.self, equals: """
            {"hero": {"__typename": "Droid", "name": "R2-D2", "appearsIn": ["NEWHOPE", null, "JEDI"]}}
            """)
    }

    @Test func typeCasesFollowTheMocksType() throws {
        let human = try expectMock(QueryMock(hero: HumanMock(name: "Luke", height: 1.72)), as: HeroDetailsQuery.Data.self, equals: """
            {"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}
            """)
        #expect(human.hero?.asHuman?.height == 1.72)
        // An inline fragment on a type the mock is not is absent.
        #expect(human.hero?.asDroid == nil)
        let droid = try expectMock(QueryMock(hero: DroidMock(name: "R2-D2", primaryFunction: "Astromech")), as: HeroDetailsQuery.Data.self, equals: """
            {"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}
            """)
        #expect(droid.hero?.asDroid?.primaryFunction == "Astromech")
        #expect(droid.hero?.asHuman == nil)
    }

    @Test func namedFragmentsAndFragmentsFromMocks() throws {
        let data = try expectMock(QueryMock(hero: HumanMock(name: "Luke", height: 1.72)), as: HeroDetailsWithFragmentQuery.Data.self, equals: """
            {"hero": {"__typename": "Human", "name": "Luke", "height": 1.72}}
            """)
        #expect(data.hero?.fragments.heroDetails.asHuman?.height == 1.72)
        // A fragment's model is built from a mock of a type it applies to.
        let fragment = try HeroDetails(DroidMock(name: "C-3PO", primaryFunction: "Protocol"))
        #expect(fragment.asDroid?.primaryFunction == "Protocol")
        try expectMock(QueryMock(hero: DroidMock(name: "R2-D2", primaryFunction: "Astromech")), as: DroidDetailsWithFragmentQuery.Data.self, equals: """
            {"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}
            """)
    }

    @Test func unions() throws {
        let results: [(any SearchResultMock)?] = [HumanMock(id: "1000", name: "Luke"), DroidMock(id: "2001", name: "R2-D2"), StarshipMock(id: "3000", name: "Falcon")]
        let data = try expectMock(QueryMock(search: results), as: SearchQuery.Data.self, equals: """
            {"search": [{"__typename": "Human", "id": "1000", "name": "Luke"}, {"__typename": "Droid", "id": "2001", "name": "R2-D2"},
              {"__typename": "Starship", "id": "3000", "name": "Falcon"}]}
            """)
        #expect(data.search?[2]?.asStarship?.name == "Falcon")
        #expect(data.search?[2]?.asHuman == nil)
    }

    @Test func listsOfLists() throws {
        let starship = StarshipMock(name: "Falcon", length: 34.37, coordinates: [[1, 2], [3.5, 4]])
        try expectMock(QueryMock(starship: starship), as: StarshipQuery.Data.self, equals: """
            {"starship": {"__typename": "Starship", "name": "Falcon", "coordinates": [[1, 2], [3.5, 4]]}}
            """)
        try expectMock(QueryMock(starshipCoordinates: starship), as: StarshipCoordinatesQuery.Data.self, equals: """
            {"starshipCoordinates": {"__typename": "Starship", "name": "Falcon", "coordinates": [[1, 2], [3.5, 4]], "length": 34.37}}
            """)
    }

    @Test func aliasesReadTheFieldsValue() throws {
        let data = try expectMock(QueryMock(hero: HumanMock(homePlanet: "Tatooine")), as: HeroTypeDependentAliasedFieldQuery.Data.self, equals: """
            {"hero": {"__typename": "Human", "property": "Tatooine"}}
            """)
        #expect(data.hero?.asHuman?.property == "Tatooine")
        try expectMock(QueryMock(hero: HumanMock(name: "Luke", appearsIn: [.jedi])), as: SameHeroTwiceQuery.Data.self, equals: """
            {"hero": {"__typename": "Human", "name": "Luke"}, "r2": {"__typename": "Human", "appearsIn": ["JEDI"]}}
            """)
    }

    @Test func conditionalFieldsAreIncludedWhenSet() throws {
        let included = try expectMock(QueryMock(hero: HumanMock(name: "Luke")), as: HeroNameConditionalInclusionQuery.Data.self, equals: """
            {"hero": {"__typename": "Human", "name": "Luke"}}
            """)
        #expect(included.hero?.name == "Luke")
        let excluded = try HeroNameConditionalInclusionQuery.Data(QueryMock(hero: HumanMock()))
        #expect(excluded.hero?.name == nil)
        // With the operation's variables, an included field must be set.
        let query = HeroNameConditionalInclusionQuery(includeName: true)
        #expect(throws: ResponseDecodingError.self) { try HeroNameConditionalInclusionQuery.Data(QueryMock(hero: HumanMock()), variables: query.variablesWithDefaults) }
    }

    @Test func mutationsAndSubscriptions() throws {
        let review = ReviewMock(stars: 5, commentary: "Great")
        try expectMock(MutationMock(createReview: review), as: CreateReviewForEpisodeMutation.Data.self, equals: """
            {"createReview": {"__typename": "Review", "stars": 5, "commentary": "Great"}}
            """)
        try expectMock(SubscriptionMock(reviewAdded: ReviewMock(episode: .jedi, stars: 4, commentary: nil)), as: ReviewAddedSubscription.Data.self, equals: """
            {"reviewAdded": {"__typename": "Review", "episode": "JEDI", "stars": 4, "commentary": null}}
            """)
    }

    @Test func aMissingNonNullFieldFailsWithItsPath() {
        expectMockFails(QueryMock(hero: DroidMock()), as: HeroNameQuery.Data.self, at: "hero.name")
        expectMockFails(QueryMock(hero: DroidMock(name: "R2-D2", friends: [HumanMock(name: "Luke"), HumanMock()])), as: HeroAndFriendsNamesQuery.Data.self, at: "hero.friends[1].name")
        expectMockFails(QueryMock(hero: HumanMock()), as: HeroDetailsQuery.Data.self, at: "hero.name")
    }

    @Test func aValueOfAnotherTypeFailsWithItsPath() {
        let hero = HumanMock()
        hero[field: "name"] = 42
        expectMockFails(QueryMock(hero: hero), as: HeroNameQuery.Data.self, at: "hero.name")
    }
}
