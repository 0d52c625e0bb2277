import AnimalKingdomAPI
import Foundation
import OrionAPI
import SubscriptionAPI
import Testing
import UploadAPI

/// Interfaces, unions, @include/@skip on fragments and type cases (AnimalKingdom), uploads and
/// subscriptions.
@Suite struct OtherSchemasTests {
    @Test func animalKingdomConditionalSelections() throws {
        let json = try jsonObject("""
            {"allAnimals": [{"__typename": "Dog", "height": {"__typename": "Height", "feet": 2, "inches": 7, "meters": 1},
              "skinCovering": "FUR", "predators": [],
              "id": "1", "humanName": "Rex", "favoriteToy": "Ball", "owner": null, "bodyTemperature": 38,
              "species": "Canis familiaris"}]}
            """)
        let query = AllAnimalsIncludeSkipQuery(includeSpecies: true, skipHeightInMeters: true, getCat: false, getWarmBlooded: false, varA: false)
        #expect(query.__variables["skipHeightInMeters"] == .bool(true))
        let data = try AllAnimalsIncludeSkipQuery.Data(jsonObject: json)
        let dog = try #require(data.allAnimals.first)
        #expect(dog.species == "Canis familiaris")
        #expect(dog.height.feet == 2)
        #expect(dog.skinCovering == .case(.fur))
        #expect(dog.asPet?.humanName == "Rex")
        #expect(dog.asCatIfGetCat == nil)
        // Skipped at the top, HeightInMeters still arrives through `... on Pet { ...WarmBloodedDetails }`.
        #expect(dog.asPet?.fragments.warmBloodedDetails?.bodyTemperature == 38)
        #expect(dog.asPet?.fragments.warmBloodedDetails?.fragments.heightInMeters.height.meters == 1)
        #expect(try canonical(data.jsonObject) == canonical(json))
    }

    /// AllAnimalsDeferQuery's deferred fragments: pending while their fields are missing, fulfilled
    /// once they are there, nil at once where their type condition does not hold.
    @Test func animalKingdomDeferredFragments() throws {
        let first = try jsonObject("""
            {"allAnimals": [{"__typename": "Cat", "id": "c1", "height": {"__typename": "Height", "feet": 1, "inches": 2, "meters": 1},
              "species": "Felis catus", "skinCovering": "FUR", "bodyTemperature": 38,
              "humanName": "Tom", "favoriteToy": "Mouse", "owner": null, "predators": []}]}
            """)
        let data = try AllAnimalsDeferQuery.Data(jsonObject: first)
        let cat = try #require(data.allAnimals.first)
        #expect(cat.species == "Felis catus" && cat.height.feet == 1, "what is not deferred is there")
        #expect(cat.deferredCat == .pending)
        #expect(cat.deferredDog == .fulfilled(nil), "a cat is no dog: known from the first payload")
        #expect(cat.asPet?.deferredPetAnimal == .pending)
        #expect(try canonical(data.jsonObject) == canonical(first), "pending fragments write nothing back")

        let whole = try jsonObject("""
            {"allAnimals": [{"__typename": "Cat", "id": "c1", "height": {"__typename": "Height", "feet": 1, "inches": 2, "meters": 1, "relativeSize": "SMALL", "centimeters": 30.5},
              "species": "Felis catus", "skinCovering": "FUR", "bodyTemperature": 38,
              "humanName": "Tom", "favoriteToy": "Mouse", "owner": null, "predators": [], "isJellicle": true}]}
            """)
        let merged = try #require(try AllAnimalsDeferQuery.Data(jsonObject: whole).allAnimals.first)
        #expect(merged.deferredCat.value??.isJellicle == true)
        #expect(merged.asPet?.deferredPetAnimal.value??.height.centimeters == 30.5)
        #expect(merged.asPet?.deferredPetAnimal.value??.height.relativeSize == .case(.small))
        #expect(merged.deferredDog == .fulfilled(nil))
    }

    @Test func uploadsAndSubscriptions() throws {
        let upload = UploadOneFileMutation(file: "file")
        #expect(upload.__variables == ["file": .string("file")])
        #expect(UploadOneFileMutation.operationDocument.text.contains("singleUpload"))
        #expect(IncrementingSubscription.operationType == .subscription)
        let event = try IncrementingSubscription.Data(jsonObject: jsonObject(#"{"numberIncremented": 3}"#))
        #expect(event.numberIncremented == 3)
    }
}
