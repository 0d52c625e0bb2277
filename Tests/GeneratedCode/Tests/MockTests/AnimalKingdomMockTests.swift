import AnimalKingdomAPI
import AnimalKingdomAPIMocks
import OrionAPI
import OrionTestSupport
import Testing

/// AnimalKingdom operations, whose type cases nest interfaces in unions in interfaces, built
/// from mocks and compared with decoding the same data as JSON.
@Suite struct AnimalKingdomMockTests {
    @Test func typeCasesAndFragmentsOnInterfacesNested() throws {
        let owner = HumanMock(firstName: "Jon")
        let height = HeightMock(relativeSize: .small, centimeters: 30.5, meters: 0, feet: 1, inches: 0)
        let fox = HumanMock(species: "Human", bodyTemperature: 37, laysEggs: false)
        fox.height = HeightMock(meters: 2)
        fox.predators = []
        let dog = DogMock(
            id: "1", species: "Dog", height: height, predators: [fox], skinCovering: .fur, humanName: "Odie", favoriteToy: "Ball",
            owner: owner, bodyTemperature: 38, birthdate: "2020-01-01")
        let fish = FishMock(id: "2", species: "Fish", height: HeightMock(relativeSize: .large, centimeters: 5, meters: 0, feet: 0, inches: 2), predators: [], skinCovering: nil, favoriteToy: "Rock")
        let data = try expectMock(QueryMock(allAnimals: [dog, fish]), as: AllAnimalsQuery.Data.self, equals: """
            {"allAnimals": [
              {"__typename": "Dog", "id": "1", "species": "Dog", "skinCovering": "FUR", "bodyTemperature": 38,
               "height": {"__typename": "Height", "feet": 1, "inches": 0, "meters": 0, "relativeSize": "SMALL", "centimeters": 30.5},
               "humanName": "Odie", "favoriteToy": "Ball", "owner": {"__typename": "Human", "firstName": "Jon"}, "birthdate": "2020-01-01",
               "predators": [{"__typename": "Human", "species": "Human", "predators": [], "bodyTemperature": 37, "height": {"__typename": "Height", "meters": 2}, "laysEggs": false}]},
              {"__typename": "Fish", "id": "2", "species": "Fish", "skinCovering": null, "height": {"__typename": "Height", "feet": 0, "inches": 2, "meters": 0, "relativeSize": "LARGE", "centimeters": 5},
               "humanName": null, "favoriteToy": "Rock", "owner": null, "predators": []}
            ]}
            """)
        let first = try #require(data.allAnimals.first)
        #expect(first.asDog?.favoriteToy == "Ball")
        #expect(first.asPet?.fragments.petDetails.owner?.firstName == "Jon")
        #expect(first.predators.first?.asWarmBlooded?.laysEggs == false)
        // Type cases on types the mock is not are absent.
        #expect(first.asCat == nil)
        #expect(data.allAnimals[1].asDog == nil)
        #expect(data.allAnimals[1].asPet?.favoriteToy == "Rock")
    }

    @Test func unionsOfObjectsAndInterfaces() throws {
        let pets: [(any ClassroomPetMock)?] = [CatMock(species: "Cat", humanName: "Tom", bodyTemperature: 38, laysEggs: false, isJellicle: true), PetRockMock(humanName: "Rocky", favoriteToy: "Moss"), nil]
        let data = try expectMock(QueryMock(classroomPets: pets), as: ClassroomPetsQuery.Data.self, equals: """
            {"classroomPets": [
              {"__typename": "Cat", "species": "Cat", "humanName": "Tom", "laysEggs": false, "bodyTemperature": 38, "isJellicle": true},
              {"__typename": "PetRock", "humanName": "Rocky", "favoriteToy": "Moss"}, null]}
            """)
        #expect(data.classroomPets?[0]?.fragments.classroomPetDetails.asCat?.isJellicle == true)
        #expect(data.classroomPets?[1]?.fragments.classroomPetDetails.asPetRock?.favoriteToy == "Moss")
        #expect(data.classroomPets?[1]?.fragments.classroomPetDetails.asAnimal == nil)
    }

    @Test func fragmentsInTypeCasesAndCustomScalarsUnmapped() throws {
        let dog = DogMock(id: "3", species: "Dog", skinCovering: .fur, houseDetails: "{\"rooms\": 3}")
        try expectMock(QueryMock(allAnimals: [dog, CatMock(id: "4", skinCovering: nil)]), as: DogQuery.Data.self, equals: """
            {"allAnimals": [{"__typename": "Dog", "id": "3", "skinCovering": "FUR", "species": "Dog", "houseDetails": "{\\"rooms\\": 3}"},
              {"__typename": "Cat", "id": "4", "skinCovering": null}]}
            """)
        // A fragment on an interface, from a mock of one of its types.
        let meters = try HeightInMeters(BirdMock(height: HeightMock(meters: 1)))
        #expect(meters.height.meters == 1)
    }

    @Test func queriesWithInputsAndMutations() throws {
        try expectMock(QueryMock(pets: [DogMock(id: "1", humanName: "Odie")], findPet: [CatMock(id: "2")]), as: PetSearchQuery.Data.self, equals: """
            {"pets": [{"__typename": "Dog", "id": "1", "humanName": "Odie"}]}
            """)
        try expectMock(QueryMock(findPet: [CatMock(id: "2")]), as: FindPetQuery.Data.self, equals: """
            {"findPet": [{"__typename": "Cat", "id": "2", "humanName": null}]}
            """)
    }

    @Test func aMissingNonNullFieldFailsWithItsPath() {
        // Inside a type case: Dog's favoriteToy, through Pet's PetDetails.
        let height = HeightMock(relativeSize: .small, centimeters: 30.5, meters: 0, feet: 1)
        let dog = DogMock(id: "1", species: "Dog", height: height, predators: [], bodyTemperature: 38, birthdate: "2020-01-01")
        expectMockFails(QueryMock(allAnimals: [dog]), as: AllAnimalsQuery.Data.self, at: "allAnimals[0].favoriteToy")
        // Inside a fragment inside a type case.
        expectMockFails(QueryMock(allAnimals: [DogMock(id: "3")]), as: DogQuery.Data.self, at: "allAnimals[0].species")
    }
}
