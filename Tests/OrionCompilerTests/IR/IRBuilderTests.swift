import GraphQLLanguage
import Testing
@testable import OrionCompiler

/// A small schema built from the model directly: Character (interface) with Human and Droid.
private func characterSchema() -> Schema {
    func named(_ name: String) -> TypeReference { .named(NamedType(name: Name(name))) }
    func nonNull(_ inner: TypeReference) -> TypeReference { .nonNull(inner, location: nil) }
    let characterFields = [
        SchemaField(name: "id", type: nonNull(named("ID"))),
        SchemaField(name: "name", type: nonNull(named("String"))),
        SchemaField(name: "friends", type: .list(named("Character"), location: nil)),
    ]
    return Schema(
        types: [
            SchemaType(kind: .object, name: "Query", fields: [
                SchemaField(name: "hero", arguments: [SchemaInputValue(name: "episode", type: named("Episode"))], type: named("Character")),
            ]),
            SchemaType(kind: .interface, name: "Character", fields: characterFields),
            SchemaType(kind: .object, name: "Human", fields: characterFields + [SchemaField(name: "height", type: named("Float"))], interfaceNames: ["Character"]),
            SchemaType(kind: .object, name: "Droid", fields: characterFields + [SchemaField(name: "primaryFunction", type: named("String"))], interfaceNames: ["Character"]),
            SchemaType(kind: .enum, name: "Episode", enumValues: [SchemaEnumValue(name: "JEDI")]),
            SchemaType(kind: .scalar, name: "ID"), SchemaType(kind: .scalar, name: "String"), SchemaType(kind: .scalar, name: "Float"),
            SchemaType(kind: .scalar, name: "Boolean"),
        ],
        directives: [], queryTypeName: "Query", mutationTypeName: nil, subscriptionTypeName: nil)
}

private func compile(_ text: String) throws -> CompilationResult {
    try IRBuilder.compile([try Parser.parse(text)], schema: characterSchema())
}

@Test func fieldsCarryTheirSchemaTypesAndMergeRepeatedKeys() throws {
    let result = try compile("""
        query Hero($episode: Episode, $withFriends: Boolean!) {
          hero(episode: $episode) { name friends @include(if: $withFriends) { id } friends { name } }
        }
        """)
    let operation = try #require(result.operations.first)
    #expect(operation.name == "Hero")
    #expect(operation.variables.map(\.name) == ["episode", "withFriends"])
    let hero = try #require(operation.selectionSet.fields.first)
    #expect(hero.type.description == "Character")
    #expect(hero.arguments.map(\.name.value) == ["episode"])
    let heroFields = try #require(hero.selectionSet).fields
    #expect(heroFields.map(\.responseKey) == ["name", "friends"])
    // Selected once unconditionally: always included; both selections' sub-fields together.
    #expect(heroFields[1].inclusion.isAlways)
    #expect(heroFields[1].selectionSet?.fields.map(\.responseKey) == ["id", "name"])
    #expect(result.referencedTypeNames.isSuperset(of: ["Query", "Character", "Episode", "ID", "String"]))
}

@Test func fragmentsAreCompiledOnceAndReferencedWithTheirApplicability() throws {
    let result = try compile("""
        query Hero { hero { ...HeroName ... on Droid { primaryFunction ...HeroName } ... @skip(if: true) { id } } }
        fragment HeroName on Character { name ... on Human { height } }
        """)
    #expect(result.fragments.map(\.name) == ["HeroName"])
    let operation = try #require(result.operations.first)
    #expect(operation.referencedFragments == ["HeroName"])
    let hero = try #require(operation.selectionSet.fields.first?.selectionSet)
    #expect(hero.fragmentSpreads.map(\.isAlwaysApplicable) == [true])
    // The literal @skip(if: true) drops its inline fragment.
    #expect(hero.inlineFragments.map(\.typeCondition) == ["Droid"])

    // The model tree: the fragment's fields are merged in; the type case adds its own to them.
    var builder = ModelTreeBuilder(schema: characterSchema(), naming: PlainNaming(), compilation: result)
    let data = builder.operationModel(operation, path: "Hero", name: "Hero")
    let heroModel = try #require(data.nested.first)
    #expect(heroModel.properties.map(\.field.responseKey) == ["name"])
    #expect(heroModel.fragments.map(\.typeName) == ["HeroName"])
    let droid = try #require(heroModel.nested.first { $0.name == "AsDroid" })
    #expect(droid.properties.map(\.field.responseKey) == ["primaryFunction", "name"])
    #expect(heroModel.typeCases.map(\.propertyName) == ["asDroid"])
}

@Test func aKeySelectedUnderSeveralConditionsIsIncludedWhenAnyHolds() throws {
    let result = try compile("""
        query Hero($a: Boolean!, $b: Boolean!) { hero { ...HeroName @include(if: $a) ... @skip(if: $b) { name } ...HeroName } }
        fragment HeroName on Character { name }
        """)
    var builder = ModelTreeBuilder(schema: characterSchema(), naming: PlainNaming(), compilation: result)
    let operation = try #require(result.operations.first)
    let hero = try #require(builder.operationModel(operation, path: "Hero", name: "Hero").nested.first)
    // The unconditional spread makes `name` unconditional, whatever the other selections say.
    #expect(hero.properties.map(\.field.inclusion.description) == ["always"])
    #expect(hero.fragments.map(\.isOptional) == [false])
    #expect(Inclusion.merging([Inclusion(alternatives: [[InclusionCondition(variable: "a", isInverted: false)]]), .always]).isAlways)
}

/// Names as they are written, for tests of the model tree's structure.
struct PlainNaming: ModelNaming {
    func fragmentTypeName(_ fragment: String) -> String { fragment }
    func fragmentPropertyName(_ fragment: String) -> String { fragment.prefix(1).lowercased() + fragment.dropFirst() }
    func nestedTypeName(responseKey: String, isList: Bool) -> String { responseKey.prefix(1).uppercased() + responseKey.dropFirst() }
    func typeCaseName(condition: String?, inclusion: Inclusion) -> String { "As" + (condition ?? "") }
    func typeCasePropertyName(_ typeName: String) -> String { typeName.prefix(1).lowercased() + typeName.dropFirst() }
    func deferredTypeName(label: String) -> String { label.prefix(1).uppercased() + label.dropFirst() }
    func deferredPropertyName(label: String) -> String { label }
    var reservedNestedNames: Set<String> { [] }
    func disambiguated(_ name: String) -> String { name + "_" }
}

@Test func variableConditionsAreKeptPerSelection() throws {
    let result = try compile("""
        query Hero($a: Boolean!, $b: Boolean!) { hero { name @include(if: $a) name @skip(if: $b) id @include(if: $a) @skip(if: $b) } }
        """)
    let fields = try #require(result.operations.first?.selectionSet.fields.first?.selectionSet?.fields)
    #expect(fields[0].inclusion.description == "$a || !$b")
    #expect(fields[1].inclusion.description == "$a && !$b")
}

@Test func aDeepFragmentTreeCompilesOncePerFragment() throws {
    // 200 fragments, each spreading the next ten: expanding them in place would be 10^200.
    var text = "query Deep { hero { ...F0 } }\n"
    for index in 0..<200 {
        let spreads = (1...10).map { offset in index + offset < 200 ? "...F\(index + offset)" : "" }.joined(separator: " ")
        text += "fragment F\(index) on Character { name friends { id \(spreads) } }\n"
    }
    let result = try compile(text)
    #expect(result.fragments.count == 200)
    #expect(result.operations.first?.referencedFragments.count == 200)
}
