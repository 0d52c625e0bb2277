import GraphQLLanguage
import Testing
@testable import OrionCompiler

/// The IR of the shared Star Wars and AnimalKingdom operations.
@Suite struct IRSharedOperationsTests {
    private static func compile(schema path: String, operations folder: String) throws -> (CompilationResult, Schema) {
        let schema = try Schema.build(sdl: [try TestData.source(path)])
        return (try IRBuilder.compile(try TestData.operations(in: folder), schema: schema), schema)
    }

    @Test func compilesEveryStarWarsOperation() throws {
        let (result, schema) = try Self.compile(schema: "schemas/starwars/schema.graphqls", operations: "schemas/starwars/operations")
        #expect(result.operations.count == 39)
        #expect(result.fragments.count == 15)

        // Type conditions: HeroAppearsIn-style views of Human and Droid.
        let conditional = try #require(result.operations.first { $0.name == "HeroDetailsInlineConditionalInclusion" })
        let hero = try #require(conditional.selectionSet.fields.first?.selectionSet)
        #expect(hero.parentTypeName == "Character")
        #expect(!hero.inlineFragments.isEmpty || !hero.fields.isEmpty)

        // Named fragments are referenced, with the fields they always bring merged in.
        let withFragment = try #require(result.operations.first { $0.name == "HeroAndFriendsNamesWithFragment" })
        #expect(withFragment.referencedFragments == ["FriendsNames"])
        let heroSelections = try #require(withFragment.selectionSet.fields.first?.selectionSet)
        #expect(heroSelections.fragmentSpreads.map(\.fragmentName) == ["FriendsNames"])
        var builder = ModelTreeBuilder(schema: schema, naming: PlainNaming(), compilation: result)
        let heroModel = try #require(builder.operationModel(withFragment, path: "Q", name: "Q").nested.first)
        #expect(heroModel.properties.map(\.field.responseKey) == ["name", "friends"])

        // @include/@skip on a variable become inclusion conditions.
        let inclusion = try #require(result.operations.first { $0.name == "HeroNameConditionalInclusion" })
        let name = try #require(inclusion.selectionSet.fields.first?.selectionSet?.fields.first { $0.name == "name" })
        #expect(name.inclusion.description == "$includeName")

        // Variables keep their input types; referenced types include input objects' fields' types.
        let review = try #require(result.operations.first { $0.name == "CreateReviewForEpisode" })
        #expect(review.variables.map(\.type.description) == ["Episode!", "ReviewInput!"])
        #expect(result.referencedTypeNames.isSuperset(of: ["ReviewInput", "ColorInput", "Episode", "Review"]))
    }

    @Test func compilesEveryAnimalKingdomOperation() throws {
        let (result, schema) = try Self.compile(schema: "schemas/animalkingdom/AnimalSchema.graphqls", operations: "schemas/animalkingdom")
        #expect(!result.operations.isEmpty)
        let allAnimals = try #require(result.operations.first { $0.name == "AllAnimalsQuery" })
        let animal = try #require(allAnimals.selectionSet.fields.first?.selectionSet)
        #expect(animal.parentTypeName == "Animal")
        // Fragments on interfaces the parent implements apply always; on sub-types they don't.
        for spread in animal.fragmentSpreads {
            #expect(spread.isAlwaysApplicable == schema.isSubType("Animal", of: spread.typeCondition), "\(spread.fragmentName)")
        }
        #expect(allAnimals.referencedFragments.contains("HeightInMeters"))
        #expect(!allAnimals.definitionText.isEmpty)
    }
}
