import GraphQLLanguage
import Testing
@testable import OrionCompiler

private func build(_ sdl: String...) throws -> Schema {
    try Schema.build(sdl: sdl.enumerated().map { Source($0.element, name: "schema\($0.offset).graphqls") })
}

/// Expects building `sdl` to fail with exactly these messages (in order).
private func expectErrors(_ sdl: [String], _ messages: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    do {
        _ = try Schema.build(sdl: sdl.enumerated().map { Source($0.element, name: "schema\($0.offset).graphqls") })
        Issue.record("expected errors \(messages)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.errors.map(\.message) == messages, sourceLocation: sourceLocation)
    }
}

@Suite struct SchemaBuilderTests {
    @Test(arguments: [
        "schemas/starwars/schema.graphqls", "schemas/animalkingdom/AnimalSchema.graphqls", "schemas/github/schema.graphqls",
        "schemas/github-full/schema-2024-07.graphqls", "rocketreserver/schema.graphqls", "schemas/upload-api/schema.graphqls",
        "schemas/subscription-api/schema.graphqls",
    ])
    func buildsEverySharedSchema(path: String) throws {
        let schema = try Schema.build(sdl: [try TestData.source(path)])
        #expect(schema.queryTypeName != nil)
        #expect(schema.types.count > BuiltIns.document.definitions.count / 2)
    }

    @Test func reportsTheGitHubFieldDefinedTwiceWithBothPlaces() throws {
        let source = try TestData.source("schemas/github-full/schema-2025-02.graphqls")
        do {
            _ = try Schema.build(sdl: [source])
            Issue.record("the 2025-02 GitHub schema must be rejected")
        } catch {
            let duplicate = try #require(error.errors.first)
            #expect(duplicate.message == "Field 'EnterpriseOwnerInfo.repositoryDeployKeySetting' can only be defined once.")
            #expect(duplicate.sourceLocations.count == 2)
            let lines = duplicate.sourceLocations.map(\.line)
            #expect(lines[0] < lines[1])
            #expect(duplicate.description.contains("schemas/github-full/schema-2025-02.graphqls:\(lines[0]):"))
            #expect(duplicate.description.contains("note: also here"))
            #expect(error.errors.map(\.message).contains("Field 'EnterpriseOwnerInfo.repositoryDeployKeySettingOrganizations' can only be defined once."))
        }
    }

    @Test func anErrorAcrossFilesNamesEachFile() throws {
        let first = Source("type Query { a: Int }\ntype T { f: Int }", name: "a.graphqls")
        let second = Source("\n\ntype T { g: Int }", name: "b.graphqls")
        do {
            _ = try Schema.build(sdl: [first, second])
            Issue.record("T is defined twice")
        } catch {
            let duplicate = try #require(error.errors.first)
            #expect(duplicate.sources.map(\.name) == ["a.graphqls", "b.graphqls"])
            #expect(duplicate.description.hasPrefix("a.graphqls:2:"))
            #expect(duplicate.description.contains("\nb.graphqls:3:"))
            #expect(duplicate.description.contains("note: also here"))
        }
    }

    @Test func mergesExtensionsAcrossFiles() throws {
        let schema = try build(
            "extend type Query { b: Int } type Query { a: Int } interface Node { id: ID! }",
            "extend type Query implements Node @typePolicy(keyFields: \"id\") { id: ID! } extend schema { mutation: M } type M { m: Int }")
        let query = try #require(schema["Query"])
        #expect(query.fields.map(\.name) == ["a", "b", "id"])
        #expect(query.interfaceNames == ["Node"])
        #expect(query.appliedDirectives.map(\.name.value) == ["typePolicy"])
        #expect(query.locations.count == 3)
        #expect(schema.mutationTypeName == "M")
        #expect(schema.possibleTypeNames["Node"] == ["Query"])
    }

    @Test func knowsTheBuiltInAndClientDirectives() throws {
        let schema = try build("type Query { a: Int @deprecated b: Int @deprecated(reason: \"gone\") }")
        for name in ["skip", "include", "deprecated", "specifiedBy", "oneOf", "typePolicy", "fieldPolicy", "defer", "apollo_client_ios_localCacheMutation"] {
            #expect(schema.directives[name] != nil, "@\(name)")
        }
        #expect(schema["Query"]?.fields.map(\.deprecationReason) == ["No longer supported", "gone"])
        #expect(schema["__Schema"]?.isBuiltIn == true)
    }

    @Test func aSchemaMayDeclareAClientDirectiveItself() throws {
        let schema = try build("directive @typePolicy(keyFields: String!) on OBJECT type Query @typePolicy(keyFields: \"a\") { a: Int }")
        #expect(schema.directives["typePolicy"]?.isBuiltIn == false)
    }

    @Test func readsScalarsAndInputsMetadata() throws {
        let schema = try build("scalar Date @specifiedBy(url: \"https://tools.ietf.org/html/rfc3339\") input In @oneOf { a: Int b: String } type Query { a(d: Date, i: In): Int }")
        #expect(schema["Date"]?.specifiedByURL == "https://tools.ietf.org/html/rfc3339")
        #expect(schema["In"]?.isOneOf == true)
    }

    @Test func reportsDefinitionProblems() {
        expectErrors(["type Query { a: Int } type Query { b: Int }"], ["There can be only one type named 'Query'."])
        expectErrors(["type Query { a(x: Int, x: Int): Int }"], ["Argument 'Query.a(x:)' can only be defined once."])
        expectErrors(["enum E { A A } type Query { a: E }"], ["Enum value 'E.A' can only be defined once."])
        expectErrors(["directive @d on FIELD directive @d on FIELD type Query { a: Int }"], ["There can be only one directive named '@d'."])
        expectErrors(["extend type X { a: Int } type Query { a: Int }"], ["Cannot extend type 'X' because it is not defined."])
        expectErrors(["type Query { a: Int } extend union Query = A"], ["Cannot extend non-union type 'Query'."])
        expectErrors(["type Query { a: Int } type Query2 { a: Int } extend type Query2 { a: String }"], ["Field 'Query2.a' can only be defined once."])
    }

    @Test func reportsTypeSystemRuleViolations() {
        expectErrors(["type Query { a: Foo }"], ["Unknown type 'Foo'."])
        expectErrors(["type Query { __a: Int }"], ["Name '__a' must not begin with '__', which is reserved by GraphQL introspection."])
        expectErrors(["type T { a: Int }"], ["Query root type must be provided."])
        expectErrors(["type Query"], ["Type Query must define one or more fields."])
        expectErrors(["enum E type Query { e: E }"], ["Enum type E must define one or more values."])
        expectErrors(["type Query { a: I } input I { a: Int }"], ["The type of Query.a must be Output Type but got: I."])
        expectErrors(["type Query { a(x: Query): Int }"], ["The type of Query.a(x:) must be Input Type but got: Query."])
        expectErrors(["type Query { a: Int @foo }"], ["Unknown directive '@foo'."])
        expectErrors(["type Query { a: Int @deprecated @deprecated }"], ["The directive '@deprecated' can only be used once at this location."])
        expectErrors(["type Query { a: Int @specifiedBy(url: \"x\") }"], ["Directive '@specifiedBy' may not be used on field definition."])
        expectErrors(["interface I { a: Int } type Query implements I { b: Int }"], ["Interface field I.a expected but Query does not provide it."])
        expectErrors(["interface I { a(x: Int): Int } type Query implements I { a: Int }"], ["Interface field argument I.a(x:) expected but Query.a does not provide it."])
        expectErrors(["interface I { a: Int } interface J implements I { a: Int } type Query implements J { a: Int }"], ["Type Query must implement I because it is implemented by J."])
        expectErrors(["interface I { a: Int! } type Query implements I { a: Int }"], ["Interface field I.a expects type Int! but Query.a is type Int."])
        expectErrors(["union U = Query type Query { a: U } scalar S union V = S"], ["Union type V can only include Object types, it cannot include S."])
        expectErrors(["input I @oneOf { a: Int! b: Int = 1 } type Query { a(i: I): Int }"], ["OneOf input field I.a must be nullable.", "OneOf input field I.b cannot have a default value."])
        expectErrors(["input I { a: I! } type Query { a(i: I): Int }"], ["Input Object I cannot be provided a finite value because it references itself through fields: I.a."])
    }

    private static let pagingSchema = """
        type Query { launches(pageSize: Int, after: String): LaunchConnection! names(after: String): [String!]! launch(id: ID!): Launch connection(first: Int, after: String): LaunchConnection! }
        type LaunchConnection { cursor: String! launches: [Launch]! }
        type Launch { id: ID! }
        """

    @Test func acceptsPaginationPolicies() throws {
        let schema = try build(Self.pagingSchema, """
            extend type Query @fieldPolicy(forField: "launches", paginationArgs: "after") @fieldPolicy(forField: "names", keyArgs: "", paginationArgs: "after")
            extend type Query @typePolicy(connectionFields: "connection")
            """)
        let policies = try PaginationPolicy.policies(of: #require(schema["Query"]))
        #expect(policies.map(\.field) == ["launches", "names", "connection"])
        #expect(policies.map(\.arguments) == [["after"], ["after"], ["first", "after"]], "a connection pages with the relay arguments it has")
        #expect(policies.map(\.isConnection) == [false, false, true])
    }

    @Test func reportsPaginationPoliciesThatCannotMergePages() {
        func expectPolicyErrors(_ extensions: String, _ messages: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            expectErrors([Self.pagingSchema, extensions], messages, sourceLocation: sourceLocation)
        }
        expectPolicyErrors(#"extend type Query @fieldPolicy(forField: "launches", paginationArgs: "afterr")"#,
                           ["@fieldPolicy(paginationArgs:) names argument 'afterr', which field 'Query.launches' does not have."])
        expectPolicyErrors(#"extend type Query @fieldPolicy(forField: "lunches", paginationArgs: "after")"#,
                           ["@fieldPolicy(paginationArgs:) names field 'lunches', which type 'Query' does not have."])
        expectPolicyErrors(#"extend type Query @fieldPolicy(forField: "launch", paginationArgs: "id")"#,
                           ["Field 'Query.launch' of type 'Launch' cannot merge its pages: @fieldPolicy(paginationArgs:) needs a field that returns a list, or an object type with a list field."])
        expectPolicyErrors(#"extend type Query @typePolicy(connectionFields: "names")"#, [
            "Field 'Query.names' of type '[String!]!' cannot merge its pages: @typePolicy(connectionFields:) needs a field that returns an object type with a list field (its edges).",
        ])
        expectPolicyErrors(#"extend type Query @typePolicy(connectionFields: "launch")"#, [
            "Connection field 'Query.launch' has none of the arguments 'first', 'after', 'last', 'before' that select a page: declare it with @fieldPolicy(forField:, paginationArgs:) instead.",
            "Field 'Query.launch' of type 'Launch' cannot merge its pages: @typePolicy(connectionFields:) needs a field that returns an object type with a list field (its edges).",
        ])
    }

    @Test func aPaginationPolicyErrorPointsAtItsDirective() throws {
        do {
            let extensions = "\n  extend type Query @fieldPolicy(forField: \"launches\", paginationArgs: \"page\")"
            _ = try Schema.build(sdl: [Source(Self.pagingSchema, name: "schema0.graphqls"), Source(extensions, name: "schema1.graphqls")])
            Issue.record("expected an error")
        } catch {
            let location = try #require(error.errors.first?.sourceLocations.first)
            #expect(location.line == 2 && location.column == 21)
            #expect(error.errors.first?.description.contains("schema1.graphqls:2:21") == true)
        }
    }

    @Test func acceptsCovariantInterfaceFields() throws {
        _ = try build("interface Node { id: ID friend: Node } type Query implements Node { id: ID! friend: Query }")
    }
}
