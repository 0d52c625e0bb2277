import AnimalKingdomAPI
import AnimalKingdomAPIMocks
import OrionAPI
import OrionTestSupport
import StarWarsAPI
import StarWarsAPIMocks
import Testing

/// Every Star Wars and AnimalKingdom operation's data built from one complete graph of mocks
/// (the other suites compare chosen operations with hand-written JSON): each builds, and
/// writing it as JSON and decoding that back gives the same data.
@Suite struct EveryOperationMockTests {
    /// Builds `Model` from `mock` and round-trips it through its JSON.
    private func roundTrip<Model: SelectionSet & Hashable>(_ model: Model.Type, _ mock: MockObject, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = try Model(mock)
        #expect(try Model(jsonObject: data.jsonObject) == data, "\(Model.self)", sourceLocation: sourceLocation)
    }

    @Test func starWars() throws {
        let luke = HumanMock(id: "1000", name: "Luke Skywalker", homePlanet: "Tatooine", height: 1.72, mass: 77, appearsIn: [.newhope, .empire, .jedi])
        let r2 = DroidMock(id: "2001", name: "R2-D2", appearsIn: [.newhope], primaryFunction: "Astromech")
        // Mocks are objects: friends of friends may be each other.
        luke.friends = [r2, nil]
        r2.friends = [luke]
        let falcon = StarshipMock(id: "3000", name: "Millennium Falcon", length: 34.37, coordinates: [[1, 2], [3, 4]])
        let query = QueryMock(hero: r2, search: [luke, r2, falcon], human: luke, starship: falcon, starshipCoordinates: falcon)
        let queries: [any (SelectionSet & Hashable).Type] = [
            DroidDetailsWithFragmentQuery.Data.self, HeroAndFriendsIDsQuery.Data.self, HeroAndFriendsNamesQuery.Data.self,
            HeroAndFriendsNamesWithFragmentQuery.Data.self, HeroAndFriendsNamesWithFragmentTwiceQuery.Data.self,
            HeroAndFriendsNamesWithIDForParentOnlyQuery.Data.self, HeroAndFriendsNamesWithIDsQuery.Data.self, HeroAppearsInQuery.Data.self,
            HeroAppearsInWithFragmentQuery.Data.self, HeroDetailsFragmentConditionalInclusionQuery.Data.self,
            HeroDetailsInlineConditionalInclusionQuery.Data.self, HeroDetailsQuery.Data.self, HeroDetailsWithFragmentQuery.Data.self,
            HeroFriendsDetailsConditionalInclusionQuery.Data.self, HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery.Data.self,
            HeroFriendsOfFriendsNamesQuery.Data.self, HeroNameAndAppearsInQuery.Data.self, HeroNameAndAppearsInWithFragmentQuery.Data.self,
            HeroNameConditionalBothQuery.Data.self, HeroNameConditionalBothSeparateQuery.Data.self, HeroNameConditionalExclusionQuery.Data.self,
            HeroNameConditionalInclusionQuery.Data.self, HeroNameQuery.Data.self, HeroNameTypeSpecificConditionalInclusionQuery.Data.self,
            HeroNameWithFragmentAndIDQuery.Data.self, HeroNameWithFragmentQuery.Data.self, HeroNameWithIDQuery.Data.self,
            HeroParentTypeDependentFieldQuery.Data.self, HeroTypeDependentAliasedFieldQuery.Data.self, HumanQuery.Data.self,
            SameHeroTwiceQuery.Data.self, SearchQuery.Data.self, StarshipCoordinatesQuery.Data.self, StarshipQuery.Data.self,
            TwoHeroesQuery.Data.self,
        ]
        for model in queries { try roundTrip(model, query) }
        let review = ReviewMock(episode: .jedi, stars: 5, commentary: "Great")
        for model: any (SelectionSet & Hashable).Type in [CreateAwesomeReviewMutation.Data.self, CreateReviewForEpisodeMutation.Data.self, CreateReviewWithNullFieldMutation.Data.self] {
            try roundTrip(model, MutationMock(createReview: review))
        }
        try roundTrip(ReviewAddedSubscription.Data.self, SubscriptionMock(reviewAdded: review))
        #expect(try HeroFriendsOfFriendsNamesQuery.Data(query).hero?.friends?.first??.friends?.first??.name == "R2-D2")
    }

    @Test func animalKingdom() throws {
        let owner = HumanMock(id: "h1", firstName: "Jon", species: "Human", height: HeightMock(relativeSize: .average, centimeters: 180, meters: 2, feet: 6, inches: 0), predators: [], bodyTemperature: 37, laysEggs: false)
        let height = HeightMock(relativeSize: .small, centimeters: 30, meters: 0, feet: 1, inches: 0)
        let cat = CatMock(id: "c1", species: "Cat", height: height, predators: [owner], skinCovering: .fur, humanName: "Garfield", favoriteToy: "Lasagna", owner: owner, bodyTemperature: 38, laysEggs: false, isJellicle: true)
        let dog = DogMock(id: "d1", species: "Dog", height: height, predators: [], skinCovering: .fur, humanName: "Odie", favoriteToy: "Ball", owner: owner, bodyTemperature: 38, laysEggs: false, birthdate: "2020-01-01", houseDetails: "{}")
        let bird = BirdMock(id: "b1", species: "Bird", height: height, predators: [cat], skinCovering: .feathers, favoriteToy: "Mirror", bodyTemperature: 41, laysEggs: true, wingspan: 0.3)
        let query = QueryMock(allAnimals: [cat, dog, bird, owner], classroomPets: [cat, bird, PetRockMock(id: "r1", humanName: "Rocky", favoriteToy: "Moss"), nil], pets: [dog], findPet: [cat])
        let queries: [any (SelectionSet & Hashable).Type] = [
            AllAnimalsDeferQuery.Data.self, AllAnimalsIncludeSkipQuery.Data.self, AllAnimalsLocalCacheMutationQuery.Data.self,
            AllAnimalsQuery.Data.self, ClassroomPetsQuery.Data.self, DogQuery.Data.self, FindPetQuery.Data.self,
            PetSearchLocalCacheMutationQuery.Data.self, PetSearchQuery.Data.self,
        ]
        for model in queries { try roundTrip(model, query) }
        try roundTrip(PetAdoptionMutation.Data.self, MutationMock(adoptPet: dog))
        #expect(try AllAnimalsQuery.Data(query).allAnimals[2].asClassroomPet?.asBird?.wingspan == 0.3)
    }
}
