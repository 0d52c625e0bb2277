import GraphQLLanguage
import Testing
@testable import OrionCompiler

/// The harness schema of graphql-js's validation tests, cut down to what these cases use.
let harnessSchema: Schema = {
    do {
        return try Schema.build(sdl: [Source("""
            interface Pet { name(surname: Boolean): String }
            type Dog implements Pet { name(surname: Boolean): String nickname: String barks: Boolean isHouseTrained(atOtherHomes: Boolean): Boolean doesKnowCommand(dogCommand: DogCommand!): Boolean owner: Human }
            type Cat implements Pet { name(surname: Boolean): String meows: Boolean }
            union CatOrDog = Cat | Dog
            type Human { name: String pets: [Pet] relatives: [Human] }
            enum DogCommand { SIT DOWN HEEL }
            input ComplexInput { requiredField: Boolean! intField: Int }
            type Query { dog: Dog pet: Pet catOrDog: CatOrDog human(id: ID): Human complicatedArgs(complexArg: ComplexInput, intArg: Int, nonNullIntArg: Int!): String }
            type Subscription { newDog: Dog newCat: Cat }
            directive @onField on FIELD
            """, name: "harness.graphqls")])
    } catch {
        preconditionFailure("The harness schema does not build: \(error)")
    }
}()

/// The errors `rule` finds in `query`, as (message, [(line, column)]).
func errors(_ rule: any ValidationRule.Type, _ query: String) throws -> [Diagnostic] {
    let document = try Parser.parse(Source(query, name: "query.graphql"))
    return validate([document], schema: harnessSchema, rules: [rule]).map { error in
        Diagnostic(message: error.message, locations: error.sourceLocations.map { Position(line: $0.line, column: $0.column) })
    }
}

struct Position: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var description: String { "\(line):\(column)" }
}

struct Diagnostic: Equatable, CustomStringConvertible {
    var message: String
    var locations: [Position]
    var description: String { "\(message) \(locations)" }
}

/// Each rule on a document that breaks it, with what graphql-core 3.3.2 reports for it (its
/// "Did you mean" suggestions aside, which Orion does not make yet).
@Suite struct ValidationRulesTests {
    nonisolated(unsafe) static let cases: [(any ValidationRule.Type, String, [(String, [(Int, Int)])])] = [
        (ExecutableDefinitions.self, "query Foo { dog { name } } type Cow { name: String } extend type Dog { color: String }", [("The 'Cow' definition is not executable.", [(1, 28)]), ("The 'Dog' definition is not executable.", [(1, 54)])]),
        (UniqueOperationNames.self, "query Foo { dog { name } } query Foo { pet { name } }", [("There can be only one operation named 'Foo'.", [(1, 7), (1, 34)])]),
        (LoneAnonymousOperation.self, "{ dog { name } } query Foo { dog { name } }", [("This anonymous operation must be the only defined operation.", [(1, 1)])]),
        (SingleFieldSubscriptions.self, "subscription S { newDog { name } newCat { name } }", [("Subscription 'S' must select only one top level field.", [(1, 34)])]),
        (SingleFieldSubscriptions.self, "subscription { __typename }", [("Anonymous Subscription must not select an introspection top level field.", [(1, 16)])]),
        (KnownTypeNames.self, "query Foo($var: JumbledUpLetters) { dog { ... on Badger { name } ...F } } fragment F on Peat { name }", [("Unknown type 'JumbledUpLetters'.", [(1, 17)]), ("Unknown type 'Badger'.", [(1, 50)]), ("Unknown type 'Peat'. Did you mean 'Pet' or 'Cat'?", [(1, 89)])]),
        (FragmentsOnCompositeTypes.self, "{ dog { ... on Boolean { name } } } fragment F on DogCommand { name }", [("Fragment cannot condition on non composite type 'Boolean'.", [(1, 16)]), ("Fragment 'F' cannot condition on non composite type 'DogCommand'.", [(1, 51)])]),
        (VariablesAreInputTypes.self, "query Foo($a: Dog, $b: [[CatOrDog!]]!, $c: Pet) { dog { name } }", [("Variable '$a' cannot be non-input type 'Dog'.", [(1, 15)]), ("Variable '$b' cannot be non-input type '[[CatOrDog!]]!'.", [(1, 24)]), ("Variable '$c' cannot be non-input type 'Pet'.", [(1, 44)])]),
        (ScalarLeafs.self, "{ dog { barks { sinceWhen } } human }", [("Field 'barks' must not have a selection since type 'Boolean' has no subfields.", [(1, 15)]), ("Field 'human' of type 'Human' must have a selection of subfields. Did you mean 'human { ... }'?", [(1, 31)])]),
        (FieldsOnCorrectType.self, "{ dog { meowVolume name } catOrDog { name __typename } }", [("Cannot query field 'meowVolume' on type 'Dog'.", [(1, 9)]), ("Cannot query field 'name' on type 'CatOrDog'. Did you mean to use an inline fragment on 'Pet', 'Cat', or 'Dog'?", [(1, 38)])]),
        (UniqueFragmentNames.self, "{ dog { ...F } } fragment F on Dog { name } fragment F on Dog { barks }", [("There can be only one fragment named 'F'.", [(1, 27), (1, 54)])]),
        (KnownFragmentNames.self, "{ dog { ...UnknownFragment1 } }", [("Unknown fragment 'UnknownFragment1'.", [(1, 12)])]),
        (NoUnusedFragments.self, "{ dog { ...A } } fragment A on Dog { name } fragment B on Dog { name }", [("Fragment 'B' is never used.", [(1, 45)])]),
        (UniqueVariableNames.self, "query Q($x: Int, $x: String, $x: Int) { dog { name } }", [("There can be only one variable named '$x'.", [(1, 10), (1, 19), (1, 31)])]),
        (NoUndefinedVariables.self, "query Foo($a: Boolean) { dog { isHouseTrained(atOtherHomes: $b) ...F } } fragment F on Dog { isHouseTrained(atOtherHomes: $c) }", [("Variable '$b' is not defined by operation 'Foo'.", [(1, 61), (1, 1)]), ("Variable '$c' is not defined by operation 'Foo'.", [(1, 123), (1, 1)])]),
        (NoUnusedVariables.self, "query Foo($a: Boolean, $b: Boolean) { dog { isHouseTrained(atOtherHomes: $a) } }", [("Variable '$b' is never used in operation 'Foo'.", [(1, 24)])]),
        (KnownDirectives.self, "query Q @onField { dog @unknown { name @onField } }", [("Directive '@onField' may not be used on query.", [(1, 9)]), ("Unknown directive '@unknown'.", [(1, 24)])]),
        (UniqueDirectivesPerLocation.self, "{ dog @onField @onField { name } }", [("The directive '@onField' can only be used once at this location.", [(1, 7), (1, 16)])]),
        (KnownArgumentNames.self, "{ dog { name(unknown: true) doesKnowCommand(dogCommand: SIT) @onField(if: true) } }", [("Unknown argument 'unknown' on field 'Dog.name'.", [(1, 14)]), ("Unknown argument 'if' on directive '@onField'.", [(1, 71)])]),
        (UniqueArgumentNames.self, "{ dog { isHouseTrained(atOtherHomes: true, atOtherHomes: false) } }", [("There can be only one argument named 'atOtherHomes'.", [(1, 24), (1, 44)])]),
        (ProvidedRequiredArguments.self, "{ dog { doesKnowCommand } complicatedArgs { name } } query B { dog @include { name } }", [("Argument 'Dog.doesKnowCommand(dogCommand:)' of type 'DogCommand!' is required, but it was not provided.", [(1, 9)]), ("Argument 'Query.complicatedArgs(nonNullIntArg:)' of type 'Int!' is required, but it was not provided.", [(1, 27)]), ("Argument '@include(if:)' of type 'Boolean!' is required, but it was not provided.", [(1, 68)])]),
        (NoFragmentCycles.self, "{ dog { ...A } } fragment A on Dog { ...B } fragment B on Dog { ...A }", [("Cannot spread fragment 'A' within itself via 'B'.", [(1, 38), (1, 65)])]),
        (NoFragmentCycles.self, "{ dog { ...A } } fragment A on Dog { ...A }", [("Cannot spread fragment 'A' within itself.", [(1, 38)])]),
        (PossibleFragmentSpreads.self, "{ dog { ...CatF ... on Cat { meows } } } fragment CatF on Cat { meows }", [("Fragment 'CatF' cannot be spread here as objects of type 'Dog' can never be of type 'Cat'.", [(1, 9)]), ("Fragment cannot be spread here as objects of type 'Dog' can never be of type 'Cat'.", [(1, 17)])]),
        (PossibleFragmentSpreads.self, "{ pet { ... on Human { name } } catOrDog { ... on Pet { name } } }", [("Fragment cannot be spread here as objects of type 'Pet' can never be of type 'Human'.", [(1, 9)])]),
        (UniqueInputFieldNames.self, "{ complicatedArgs(complexArg: {requiredField: true, requiredField: false}) }", [("There can be only one input field named 'requiredField'.", [(1, 32), (1, 53)])]),
        (VariablesInAllowedPosition.self, "query Q($a: Int, $b: Boolean) { complicatedArgs(nonNullIntArg: $a) dog { isHouseTrained(atOtherHomes: $b) } }", [("Variable '$a' of type 'Int' used in position expecting type 'Int!'.", [(1, 9), (1, 64)])]),
        (VariablesInAllowedPosition.self, "query Q($a: String) { complicatedArgs(intArg: $a) }", [("Variable '$a' of type 'String' used in position expecting type 'Int'.", [(1, 9), (1, 47)])]),
        (KnownOperationTypes.self, "mutation M { dog { name } }", [("The mutation operation is not supported by the schema.", [(1, 1)])]),
    ]

    @Test(arguments: 0..<cases.count)
    func ruleReportsWhatGraphQLCoreReports(index: Int) throws {
        let (rule, query, expected) = Self.cases[index]
        let found = try errors(rule, query)
        let wanted = expected.map { Diagnostic(message: $0.0, locations: $0.1.map { Position(line: $0.0, column: $0.1) }) }
        #expect(found == wanted, "\(rule.name): \(query)")
    }

    @Test func everySharedOperationIsValidAgainstItsSchema() throws {
        let sets = [
            ("schemas/starwars/schema.graphqls", "schemas/starwars/operations"),
            ("schemas/animalkingdom/AnimalSchema.graphqls", "schemas/animalkingdom"),
            ("schemas/github/schema.graphqls", "schemas/github/Queries"),
            ("schemas/upload-api/schema.graphqls", "schemas/upload-api"),
            ("schemas/subscription-api/schema.graphqls", "schemas/subscription-api"),
        ]
        for (schemaPath, folder) in sets {
            let schema = try Schema.build(sdl: [try TestData.source(schemaPath)])
            // Apps use fragments on their own (to read the cache): an unused one is not an error here.
            let errors = validate(try TestData.operations(in: folder), schema: schema, rules: specifiedRules.filter { $0 != NoUnusedFragments.self })
            #expect(errors.isEmpty, "\(folder): \(errors.map(\.description).joined(separator: "\n"))")
        }
    }
}
