import AnimalKingdomAPI
import Foundation
import AnimalKingdomAPIMocks
import OrionAPI
import OrionTestSupport
import StarWarsAPI
import StarWarsAPIMocks
import Testing

/// Every Star Wars and AnimalKingdom operation's data built from one complete graph of mocks,
/// and compared with decoding the response a server would send for that graph, written out by
/// hand (the other suites build chosen operations from mocks of their own); each also
/// round-trips through its JSON.
@Suite struct EveryOperationMockTests {
    /// Builds `Model` from `mock` with `variables` (those of the operation, defaults filled in),
    /// expects it to equal `json` decoded with them, and to round-trip through its JSON.
    private func expectData<Model: SelectionSet & Hashable>(
        _ model: Model.Type, from mock: MockObject, variables: [String: JSONValue]? = nil, equals json: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let data = try Model(mock, variables: variables)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(Model.self)", sourceLocation: sourceLocation)
        let decoded = try Model(jsonObject: object, variables: variables)
        #expect(data == decoded, "\(Model.self): \(data.jsonObject) != \(decoded.jsonObject)", sourceLocation: sourceLocation)
        #expect(try Model(jsonObject: data.jsonObject, variables: variables) == data, "\(Model.self)", sourceLocation: sourceLocation)
    }

    @Test func starWars() throws {
        let luke = HumanMock(id: "1000", name: "Luke Skywalker", homePlanet: "Tatooine", height: 1.72, mass: 77, appearsIn: [.newhope, .empire, .jedi])
        let r2 = DroidMock(id: "2001", name: "R2-D2", appearsIn: [.newhope], primaryFunction: "Astromech")
        // Mocks are objects: friends of friends may be each other.
        luke.friends = [r2, nil]
        r2.friends = [luke]
        let falcon = StarshipMock(id: "3000", name: "Millennium Falcon", length: 34.37, coordinates: [[1, 2], [3, 4]])
        let query = QueryMock(hero: r2, search: [luke, r2, falcon], human: luke, starship: falcon, starshipCoordinates: falcon)

        // The hero, R2-D2, in the shapes the operations select.
        let r2Name = #"{"__typename": "Droid", "name": "R2-D2"}"#
        let r2Details = #"{"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}"#
        let r2AndFriendsNames = #"{"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [{"__typename": "Human", "name": "Luke Skywalker"}]}}"#
        let r2AppearsIn = #"{"hero": {"__typename": "Droid", "appearsIn": ["NEWHOPE"]}}"#
        let r2NameAndAppearsIn = #"{"hero": {"__typename": "Droid", "name": "R2-D2", "appearsIn": ["NEWHOPE"]}}"#
        let r2NameWithID = #"{"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2"}}"#
        let r2FriendsNames = #"{"hero": {"__typename": "Droid", "friends": [{"__typename": "Human", "name": "Luke Skywalker"}]}}"#
        let nameless = #"{"hero": {"__typename": "Droid"}}"#

        try expectData(DroidDetailsWithFragmentQuery.Data.self, from: query, equals: #"{"hero": \#(r2Details)}"#)
        try expectData(HeroAndFriendsIDsQuery.Data.self, from: query, equals: #"""
            {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [{"__typename": "Human", "id": "1000"}]}}
            """#)
        try expectData(HeroAndFriendsNamesQuery.Data.self, from: query, equals: r2AndFriendsNames)
        try expectData(HeroAndFriendsNamesWithFragmentQuery.Data.self, from: query, equals: r2AndFriendsNames)
        try expectData(HeroAndFriendsNamesWithFragmentTwiceQuery.Data.self, from: query, equals: r2FriendsNames)
        try expectData(HeroAndFriendsNamesWithIDForParentOnlyQuery.Data.self, from: query, equals: #"""
            {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [{"__typename": "Human", "name": "Luke Skywalker"}]}}
            """#)
        try expectData(HeroAndFriendsNamesWithIDsQuery.Data.self, from: query, equals: #"""
            {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "friends": [{"__typename": "Human", "id": "1000", "name": "Luke Skywalker"}]}}
            """#)
        try expectData(HeroAppearsInQuery.Data.self, from: query, equals: r2AppearsIn)
        try expectData(HeroAppearsInWithFragmentQuery.Data.self, from: query, equals: r2AppearsIn)
        try expectData(HeroDetailsFragmentConditionalInclusionQuery.Data.self, from: query,
                       variables: HeroDetailsFragmentConditionalInclusionQuery(includeDetails: true).variablesWithDefaults, equals: #"{"hero": \#(r2Details)}"#)
        try expectData(HeroDetailsInlineConditionalInclusionQuery.Data.self, from: query,
                       variables: HeroDetailsInlineConditionalInclusionQuery(includeDetails: false).variablesWithDefaults, equals: nameless)
        try expectData(HeroDetailsInlineConditionalInclusionQuery.Data.self, from: query,
                       variables: HeroDetailsInlineConditionalInclusionQuery(includeDetails: true).variablesWithDefaults, equals: r2NameAndAppearsIn)
        try expectData(HeroDetailsQuery.Data.self, from: query, equals: #"{"hero": \#(r2Details)}"#)
        try expectData(HeroDetailsWithFragmentQuery.Data.self, from: query, equals: #"{"hero": \#(r2Details)}"#)
        try expectData(HeroFriendsDetailsConditionalInclusionQuery.Data.self, from: query,
                       variables: HeroFriendsDetailsConditionalInclusionQuery(includeFriendsDetails: true).variablesWithDefaults, equals: r2FriendsNames)
        try expectData(HeroFriendsDetailsConditionalInclusionQuery.Data.self, from: query,
                       variables: HeroFriendsDetailsConditionalInclusionQuery(includeFriendsDetails: false).variablesWithDefaults, equals: nameless)
        try expectData(HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data.self, from: query,
                       variables: HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery(includeFriendsDetails: false).variablesWithDefaults, equals: r2FriendsNames)
        try expectData(HeroFriendsOfFriendsNamesQuery.Data.self, from: query, equals: #"""
            {"hero": {"__typename": "Droid", "friends": [{"__typename": "Human", "id": "1000", "friends": [{"__typename": "Droid", "name": "R2-D2"}, null]}]}}
            """#)
        try expectData(HeroNameAndAppearsInQuery.Data.self, from: query, equals: r2NameAndAppearsIn)
        try expectData(HeroNameAndAppearsInWithFragmentQuery.Data.self, from: query, equals: r2NameAndAppearsIn)
        try expectData(HeroNameConditionalBothQuery.Data.self, from: query,
                       variables: HeroNameConditionalBothQuery(skipName: false, includeName: true).variablesWithDefaults, equals: #"{"hero": \#(r2Name)}"#)
        try expectData(HeroNameConditionalBothQuery.Data.self, from: query,
                       variables: HeroNameConditionalBothQuery(skipName: true, includeName: true).variablesWithDefaults, equals: nameless)
        try expectData(HeroNameConditionalBothSeparateQuery.Data.self, from: query,
                       variables: HeroNameConditionalBothSeparateQuery(skipName: true, includeName: true).variablesWithDefaults, equals: #"{"hero": \#(r2Name)}"#)
        try expectData(HeroNameConditionalExclusionQuery.Data.self, from: query,
                       variables: HeroNameConditionalExclusionQuery(skipName: true).variablesWithDefaults, equals: nameless)
        try expectData(HeroNameConditionalInclusionQuery.Data.self, from: query,
                       variables: HeroNameConditionalInclusionQuery(includeName: true).variablesWithDefaults, equals: #"{"hero": \#(r2Name)}"#)
        try expectData(HeroNameQuery.Data.self, from: query, equals: #"{"hero": \#(r2Name)}"#)
        // The Droid type case selects the name whatever `includeName` says.
        try expectData(HeroNameTypeSpecificConditionalInclusionQuery.Data.self, from: query,
                       variables: HeroNameTypeSpecificConditionalInclusionQuery(includeName: false).variablesWithDefaults, equals: #"{"hero": \#(r2Name)}"#)
        try expectData(HeroNameWithFragmentAndIDQuery.Data.self, from: query, equals: r2NameWithID)
        try expectData(HeroNameWithFragmentQuery.Data.self, from: query, equals: #"{"hero": \#(r2Name)}"#)
        try expectData(HeroNameWithIDQuery.Data.self, from: query, equals: r2NameWithID)
        // A Droid's friends: their height in meters (the mock has one height for every unit).
        try expectData(HeroParentTypeDependentFieldQuery.Data.self, from: query, equals: #"""
            {"hero": {"__typename": "Droid", "name": "R2-D2", "friends": [{"__typename": "Human", "name": "Luke Skywalker", "height": 1.72}]}}
            """#)
        try expectData(HeroTypeDependentAliasedFieldQuery.Data.self, from: query, equals: #"{"hero": {"__typename": "Droid", "property": "Astromech"}}"#)
        try expectData(HumanQuery.Data.self, from: query, equals: #"{"human": {"__typename": "Human", "name": "Luke Skywalker", "mass": 77}}"#)
        try expectData(SameHeroTwiceQuery.Data.self, from: query, equals: #"{"hero": \#(r2Name), "r2": {"__typename": "Droid", "appearsIn": ["NEWHOPE"]}}"#)
        try expectData(SearchQuery.Data.self, from: query, equals: #"""
            {"search": [{"__typename": "Human", "id": "1000", "name": "Luke Skywalker"}, {"__typename": "Droid", "id": "2001", "name": "R2-D2"},
              {"__typename": "Starship", "id": "3000", "name": "Millennium Falcon"}]}
            """#)
        try expectData(StarshipCoordinatesQuery.Data.self, from: query, equals: #"""
            {"starshipCoordinates": {"__typename": "Starship", "name": "Millennium Falcon", "coordinates": [[1, 2], [3, 4]], "length": 34.37}}
            """#)
        try expectData(StarshipQuery.Data.self, from: query, equals: #"""
            {"starship": {"__typename": "Starship", "name": "Millennium Falcon", "coordinates": [[1, 2], [3, 4]]}}
            """#)
        // Both aliases of `hero` read the one mock.
        try expectData(TwoHeroesQuery.Data.self, from: query, equals: #"{"r2": \#(r2Name), "luke": \#(r2Name)}"#)

        let review = ReviewMock(episode: .jedi, stars: 5, commentary: "Great")
        for model: any (SelectionSet & Hashable).Type in [CreateAwesomeReviewMutation.Data.self, CreateReviewForEpisodeMutation.Data.self, CreateReviewWithNullFieldMutation.Data.self] {
            try expectData(model, from: MutationMock(createReview: review), equals: #"{"createReview": {"__typename": "Review", "stars": 5, "commentary": "Great"}}"#)
        }
        try expectData(ReviewAddedSubscription.Data.self, from: SubscriptionMock(reviewAdded: review), equals: #"""
            {"reviewAdded": {"__typename": "Review", "episode": "JEDI", "stars": 5, "commentary": "Great"}}
            """#)
        #expect(try HeroFriendsOfFriendsNamesQuery.Data(query).hero?.friends?.first??.friends?.first??.name == "R2-D2")
    }

    @Test func animalKingdom() throws {
        let owner = HumanMock(id: "h1", firstName: "Jon", species: "Human", height: HeightMock(relativeSize: .average, centimeters: 180, meters: 2, feet: 6, inches: 0), predators: [], bodyTemperature: 37, laysEggs: false)
        let height = HeightMock(relativeSize: .small, centimeters: 30, meters: 0, feet: 1, inches: 0)
        let cat = CatMock(id: "c1", species: "Cat", height: height, predators: [owner], skinCovering: .fur, humanName: "Garfield", favoriteToy: "Lasagna", owner: owner, bodyTemperature: 38, laysEggs: false, isJellicle: true)
        let dog = DogMock(id: "d1", species: "Dog", height: height, predators: [], skinCovering: .fur, humanName: "Odie", favoriteToy: "Ball", owner: owner, bodyTemperature: 38, laysEggs: false, birthdate: "2020-01-01", houseDetails: "{}")
        let bird = BirdMock(id: "b1", species: "Bird", height: height, predators: [cat], skinCovering: .feathers, favoriteToy: "Mirror", bodyTemperature: 41, laysEggs: true, wingspan: 0.3)
        let query = QueryMock(allAnimals: [cat, dog, bird, owner], classroomPets: [cat, bird, PetRockMock(id: "r1", humanName: "Rocky", favoriteToy: "Moss"), nil], pets: [dog], findPet: [cat])
        // Each animal as a server answers AllAnimalsQuery (and AllAnimalsDeferQuery once its
        // deferred parts came): fields of type cases merged into one object.
        let smallHeight = #"{"__typename": "Height", "feet": 1, "inches": 0, "meters": 0, "relativeSize": "SMALL", "centimeters": 30}"#
        let jon = #"{"__typename": "Human", "firstName": "Jon"}"#
        let allAnimals = #"""
            {"allAnimals": [
              {"__typename": "Cat", "id": "c1", "height": \#(smallHeight), "bodyTemperature": 38, "species": "Cat", "skinCovering": "FUR",
               "humanName": "Garfield", "favoriteToy": "Lasagna", "owner": \#(jon), "isJellicle": true,
               "predators": [{"__typename": "Human", "species": "Human", "predators": [], "bodyTemperature": 37, "height": {"__typename": "Height", "meters": 2}, "laysEggs": false}]},
              {"__typename": "Dog", "id": "d1", "height": \#(smallHeight), "bodyTemperature": 38, "species": "Dog", "skinCovering": "FUR",
               "humanName": "Odie", "favoriteToy": "Ball", "owner": \#(jon), "birthdate": "2020-01-01", "predators": []},
              {"__typename": "Bird", "id": "b1", "height": \#(smallHeight), "bodyTemperature": 41, "species": "Bird", "skinCovering": "FEATHERS",
               "humanName": null, "favoriteToy": "Mirror", "owner": null, "wingspan": 0.3,
               "predators": [{"__typename": "Cat", "species": "Cat", "predators": [{"__typename": "Human", "species": "Human"}], "bodyTemperature": 38,
                              "height": {"__typename": "Height", "meters": 0}, "laysEggs": false}]},
              {"__typename": "Human", "id": "h1", "height": {"__typename": "Height", "feet": 6, "inches": 0, "meters": 2}, "bodyTemperature": 37,
               "species": "Human", "skinCovering": null, "predators": []}
            ]}
            """#
        try expectData(AllAnimalsQuery.Data.self, from: query, equals: allAnimals)
        try expectData(AllAnimalsDeferQuery.Data.self, from: query, equals: allAnimals)
        // Everything included: no top-level id but the pets' (PetDetails), predators one level deep.
        let includeAll = AllAnimalsIncludeSkipQuery(includeSpecies: true, skipHeightInMeters: false, getCat: true, getWarmBlooded: true, varA: true)
        try expectData(AllAnimalsIncludeSkipQuery.Data.self, from: query, variables: includeAll.variablesWithDefaults, equals: #"""
            {"allAnimals": [
              {"__typename": "Cat", "height": \#(smallHeight), "bodyTemperature": 38, "species": "Cat", "skinCovering": "FUR",
               "id": "c1", "humanName": "Garfield", "favoriteToy": "Lasagna", "owner": \#(jon), "isJellicle": true,
               "predators": [{"__typename": "Human", "species": "Human", "bodyTemperature": 37, "height": {"__typename": "Height", "meters": 2}, "laysEggs": false}]},
              {"__typename": "Dog", "height": \#(smallHeight), "bodyTemperature": 38, "species": "Dog", "skinCovering": "FUR",
               "id": "d1", "humanName": "Odie", "favoriteToy": "Ball", "owner": \#(jon), "predators": []},
              {"__typename": "Bird", "height": \#(smallHeight), "bodyTemperature": 41, "species": "Bird", "skinCovering": "FEATHERS",
               "id": "b1", "humanName": null, "favoriteToy": "Mirror", "owner": null, "wingspan": 0.3,
               "predators": [{"__typename": "Cat", "species": "Cat", "bodyTemperature": 38, "height": {"__typename": "Height", "meters": 0}, "laysEggs": false}]},
              {"__typename": "Human", "height": {"__typename": "Height", "feet": 6, "inches": 0, "meters": 2}, "bodyTemperature": 37,
               "species": "Human", "skinCovering": null, "predators": []}
            ]}
            """#)
        // Everything excluded that can be: heights in feet and inches, skins, pets' details.
        let includeNone = AllAnimalsIncludeSkipQuery(includeSpecies: false, skipHeightInMeters: true, getCat: false, getWarmBlooded: false, varA: false)
        try expectData(AllAnimalsIncludeSkipQuery.Data.self, from: query, variables: includeNone.variablesWithDefaults, equals: #"""
            {"allAnimals": [
              {"__typename": "Cat", "height": {"__typename": "Height", "feet": 1, "inches": 0, "meters": 0}, "bodyTemperature": 38, "skinCovering": "FUR",
               "id": "c1", "humanName": "Garfield", "favoriteToy": "Lasagna", "owner": \#(jon), "predators": [{"__typename": "Human"}]},
              {"__typename": "Dog", "height": {"__typename": "Height", "feet": 1, "inches": 0, "meters": 0}, "bodyTemperature": 38, "skinCovering": "FUR",
               "id": "d1", "humanName": "Odie", "favoriteToy": "Ball", "owner": \#(jon), "predators": []},
              {"__typename": "Bird", "height": {"__typename": "Height", "feet": 1, "inches": 0, "meters": 0}, "bodyTemperature": 41, "skinCovering": "FEATHERS",
               "id": "b1", "humanName": null, "favoriteToy": "Mirror", "owner": null, "wingspan": 0.3, "predators": [{"__typename": "Cat"}]},
              {"__typename": "Human", "height": {"__typename": "Height", "feet": 6, "inches": 0}, "skinCovering": null, "predators": []}
            ]}
            """#)
        try expectData(AllAnimalsLocalCacheMutationQuery.Data.self, from: query, equals: #"""
            {"allAnimals": [{"__typename": "Cat", "species": "Cat", "skinCovering": "FUR"}, {"__typename": "Dog", "species": "Dog", "skinCovering": "FUR"},
              {"__typename": "Bird", "species": "Bird", "skinCovering": "FEATHERS", "wingspan": 0.3}, {"__typename": "Human", "species": "Human", "skinCovering": null}]}
            """#)
        try expectData(ClassroomPetsQuery.Data.self, from: query, equals: #"""
            {"classroomPets": [
              {"__typename": "Cat", "species": "Cat", "humanName": "Garfield", "laysEggs": false, "bodyTemperature": 38, "isJellicle": true},
              {"__typename": "Bird", "species": "Bird", "humanName": null, "laysEggs": true, "wingspan": 0.3},
              {"__typename": "PetRock", "humanName": "Rocky", "favoriteToy": "Moss"}, null]}
            """#)
        try expectData(DogQuery.Data.self, from: query, equals: #"""
            {"allAnimals": [{"__typename": "Cat", "id": "c1", "skinCovering": "FUR"},
              {"__typename": "Dog", "id": "d1", "skinCovering": "FUR", "species": "Dog", "houseDetails": "{}"},
              {"__typename": "Bird", "id": "b1", "skinCovering": "FEATHERS"}, {"__typename": "Human", "id": "h1", "skinCovering": null}]}
            """#)
        try expectData(FindPetQuery.Data.self, from: query, equals: #"{"findPet": [{"__typename": "Cat", "id": "c1", "humanName": "Garfield"}]}"#)
        let odie = #"{"__typename": "Dog", "id": "d1", "humanName": "Odie"}"#
        try expectData(PetSearchLocalCacheMutationQuery.Data.self, from: query, equals: #"{"pets": [\#(odie)]}"#)
        try expectData(PetSearchQuery.Data.self, from: query, equals: #"{"pets": [\#(odie)]}"#)
        try expectData(PetAdoptionMutation.Data.self, from: MutationMock(adoptPet: dog), equals: #"{"adoptPet": \#(odie)}"#)
        #expect(try AllAnimalsQuery.Data(query).allAnimals[2].asClassroomPet?.asBird?.wingspan == 0.3)
    }
}
