import Foundation
@testable import OrionCodegen
import Testing

/// What generated code contains for particular schema features, and the errors generation reports.
@Suite struct CodeGeneratorTests {
    static let sdl = """
        "A thing"
        type Query {
          thing(id: ID!): Thing
          things(filter: Filter, order: Order = ASC): [Thing!]!
          search(text: String!): [Result]
        }
        type Thing {
          id: ID!
          "The old name"
          oldName: String @deprecated(reason: "Use name.")
          name: String!
          kind: Kind
          createdAt: DateTime
          score: Long
          default: Int
        }
        type Other { label: String }
        union Result = Thing | Other
        enum Kind { BIG_ONE, small, OLD @deprecated(reason: "Gone.") }
        enum Order { ASC, DESC }
        input Filter { kind: Kind, minScore: Long, tags: [String], nested: Filter }
        scalar DateTime
        scalar Long
        """

    @Test func fieldsScalarsEnumsAndDeprecations() throws {
        let swift = try Generation.run(sdl: Self.sdl, operations: """
            query Thing($id: ID!) { thing(id: $id) { id name oldName kind createdAt score default } }
            """, options: CodegenOptions(namespace: "API", moduleType: .singleFile, scalarTypes: ["DateTime": "Date"]))
        #expect(swift.contains("public struct ThingQuery: OrionAPI.GraphQLQuery, Swift.Hashable {"))
        #expect(swift.contains("public struct Thing: OrionAPI.SelectionSet, Swift.Hashable, Swift.Identifiable {"))
        #expect(swift.contains("@available(*, deprecated, message: \"Use name.\")\n      public var oldName: Swift.String? { __data[2] }"))
        #expect(swift.contains("public var kind: OrionAPI.GraphQLEnum<API.Kind>? { __data[3] }"))
        #expect(swift.contains(".field(\"kind\", OrionAPI.GraphQLEnum<API.Kind>?.self),"))
        #expect(swift.contains("public var createdAt: API.DateTime? { __data[4] }"))
        #expect(swift.contains("public typealias DateTime = Foundation.Date"))
        #expect(swift.contains("Unmapped custom scalar: read as `String`"))
        #expect(swift.contains("public typealias Long = Swift.String"))
        #expect(swift.contains("public var `default`: Swift.Int? { __data[6] }"))
        #expect(swift.contains("case bigOne = \"BIG_ONE\""))
        #expect(swift.contains("@available(*, deprecated, message: \"Gone.\")\n    case old = \"OLD\""))
        // A deprecated case stops CaseIterable's synthesis: the cases come from their raw values.
        #expect(swift.contains("public static let allCases: [Self] = [\"BIG_ONE\", \"small\", \"OLD\"].compactMap(Self.init(rawValue:))"))
        #expect(!swift.contains("enum Order: Swift.String, OrionAPI.EnumType {\n    case asc = \"ASC\"\n    case desc = \"DESC\"\n\n"))
        #expect(swift.contains("/// The old name"))
        #expect(swift.contains("public var id: Swift.String"))
        #expect(swift.contains("public enum API {}"))
    }

    @Test func variablesAndInputObjects() throws {
        let swift = try Generation.run(sdl: Self.sdl, operations: """
            query Things($filter: Filter, $order: Order = DESC) { things(filter: $filter, order: $order) { id } }
            """)
        #expect(swift.contains("public var filter: OrionAPI.GraphQLNullable<API.Filter>"))
        #expect(swift.contains("public init(filter: OrionAPI.GraphQLNullable<API.Filter> = .absent, order: OrionAPI.GraphQLNullable<OrionAPI.GraphQLEnum<API.Order>> = .absent)"))
        #expect(swift.contains("public struct Filter: OrionAPI.InputObject"))
        #expect(swift.contains("public var tags: OrionAPI.GraphQLNullable<[Swift.String?]>"))
        #expect(swift.contains("public var nested: OrionAPI.GraphQLNullable<API.Filter>"))
        #expect(swift.contains(".field(\"things\", [Thing].self, arguments: [\"filter\": .variable(\"filter\"), \"order\": .variable(\"order\")])"))
    }

    @Test func variablesDefaultValuesAreGeneratedOnlyWhereDeclared() throws {
        let swift = try Generation.run(sdl: Self.sdl, operations: """
            query Things($filter: Filter = {tags: ["a"]}, $order: Order = DESC, $more: Boolean = true) { things(filter: $filter, order: $order) { id @include(if: $more) } }
            """)
        #expect(swift.contains("""
              ), defaultVariables: [
                "filter": .object(["tags": .list([.string("a")])]),
                "order": .string("DESC"),
                "more": .bool(true),
              ])
            """))
        let without = try Generation.run(sdl: Self.sdl, operations: "query Q($id: ID!) { thing(id: $id) { kind } }")
        #expect(!without.contains("defaultVariables"))
    }

    @Test func embeddedLayoutWrapsSchemaTypesInTheNamespace() throws {
        let swift = try Generation.run(sdl: Self.sdl, operations: "query Q { thing(id: 1) { kind } }",
                                       options: CodegenOptions(namespace: "MyAPI", moduleType: .embedded))
        #expect(swift.contains("extension MyAPI {\n  public enum Kind: Swift.String, OrionAPI.EnumType {"))
        #expect(swift.contains("public enum MyAPI {}"))
        #expect(swift.contains("public struct QQuery: OrionAPI.GraphQLQuery"))
    }

    @Test func paginationPoliciesOfTheTypeAndItsInterfacesAreInTheSchemaMetadata() throws {
        let swift = try Generation.run(sdl: """
            interface Paged { page(after: String): [Int!]! }
            type Query implements Paged { things(after: String, first: Int): Conn! page(after: String): [Int!]! }
            type Conn { edges: [Int!]! }
            extend type Query @typePolicy(connectionFields: "things")
            extend interface Paged @fieldPolicy(forField: "page", paginationArgs: "after")
            """, operations: "query Q { things { edges } }")
        #expect(swift.contains(#"""
            public static let Query = OrionAPI.ObjectType(typename: "Query", implementedInterfaces: ["Paged"], paginatedFields: [\#
            OrionAPI.PaginatedField(name: "things", paginationArguments: ["first", "after"], isConnection: true), \#
            OrionAPI.PaginatedField(name: "page", paginationArguments: ["after"])])
            """#))
    }

    @Test func internalAccessLevel() throws {
        let swift = try Generation.run(sdl: Self.sdl, operations: "query Q { thing(id: 1) { kind } }",
                                       options: CodegenOptions(namespace: "API", moduleType: .singleFile, accessLevel: "internal"))
        #expect(!swift.contains("public "))
        #expect(swift.contains("struct QQuery: OrionAPI.GraphQLQuery"))
    }

    @Test func typenameIsReadThroughTheProtocolUnlessAliased() throws {
        let swift = try Generation.run(
            sdl: Self.sdl, operations: "query Q($x: Boolean!) { search(text: \"a\") { __typename kind: __typename } thing(id: 1) { __typename @include(if: $x) name } }",
            options: CodegenOptions(namespace: "API", moduleType: .singleFile))
        // A model on a union or an interface selects `__typename` (code generation adds it to
        // every object's selections) as the shared `Selection.typename`; one on an object type
        // (`thing`, whose conditional one merges into the one added) does not store it at all:
        // both read it through `SelectionSet.__typename`. An alias of it is a field and a
        // property of the model's own.
        #expect(swift.components(separatedBy: "  .typename,").count == 2)
        #expect(swift.components(separatedBy: "__typename\"").count == 2, "only the alias is a field")
        #expect(swift.contains(#".field("__typename", alias: "kind", Swift.String.self),"#))
        #expect(!swift.contains("var __typename"))
        #expect(swift.contains("public var kind: Swift.String { __data[1] }"))
    }

    @Test func modelsAreEquatableOnlyWithoutHashableModels() throws {
        let operations = "query Q { thing(id: 1) { id kind ... on Thing { name } } } fragment F on Thing { name }"
        let hashable = try Generation.run(sdl: Self.sdl, operations: operations, options: CodegenOptions(namespace: "API", moduleType: .singleFile))
        let equatable = try Generation.run(
            sdl: Self.sdl, operations: operations, options: CodegenOptions(namespace: "API", moduleType: .singleFile, hashableModels: false))
        // Every model (operation data, field, fragment) changes its conformance and nothing else;
        // the operation itself stays `Hashable`, the key of its in-flight request.
        #expect(equatable == hashable.replacingOccurrences(of: "Set, Swift.Hashable", with: "Set, Swift.Equatable")
            .replacingOccurrences(of: "Fragment, Swift.Hashable", with: "Fragment, Swift.Equatable"))
        #expect(equatable.contains("struct QQuery: OrionAPI.GraphQLQuery, Swift.Hashable"))
        #expect(equatable.contains("struct Data: OrionAPI.RootSelectionSet, Swift.Equatable"))
        #expect(equatable.contains("struct Thing: OrionAPI.SelectionSet, Swift.Equatable, Swift.Identifiable"))
        #expect(equatable.contains("struct F: OrionAPI.Fragment, Swift.Equatable"))
        #expect(hashable != equatable)
    }

    @Test func everyValidationErrorIsReported() {
        #expect {
            _ = try Generation.run(sdl: Self.sdl, operations: "query A { thing(id: 1) { nope } } query B { missing } { x }")
        } throws: { error in
            guard let error = error as? CodegenError else { return false }
            let messages = error.errors.map(\.message)
            return messages.contains { $0.contains("Cannot query field 'nope' on type 'Thing'") }
                && messages.contains { $0.contains("Cannot query field 'missing' on type 'Query'") }
                && messages.count >= 3
        }
    }

    @Test func namesClashingWithGeneratedMembersAreReportedWithAnAliasHint() {
        let sdl = "type Query { item: Item } type Item { fragments: Int, jsonObject: String }"
        #expect {
            _ = try Generation.run(sdl: sdl, operations: "query Q { item { fragments jsonObject } }")
        } throws: { error in
            guard let error = error as? CodegenError else { return false }
            return error.errors.count == 2
                && error.errors[0].message.contains("Field \"fragments\" on type \"Item\" would clash with the generated member `fragments`; give it an alias")
                && error.errors[0].sourceLocations.first?.line == 1
        }
    }

    @Test func variablesNamedLikeGeneratedMembersAreRenamed() throws {
        let swift = try Generation.run(sdl: "type Query { f(a: Int, b: Int): Int }", operations: "query Q($hashValue: Int, $self: Int, $variablesWithDefaults: Int) { f(a: $hashValue, b: $self) g: f(a: $variablesWithDefaults) }")
        #expect(swift.contains("public init(hashValue_: OrionAPI.GraphQLNullable<Swift.Int> = .absent, self_: OrionAPI.GraphQLNullable<Swift.Int> = .absent, variablesWithDefaults_: OrionAPI.GraphQLNullable<Swift.Int> = .absent)"))
        #expect(swift.contains("\"hashValue\": hashValue_.inputValue(),"))
        #expect(swift.contains("\"self\": self_.inputValue(),"))
    }

    @Test func singleFileIsOneFile() throws {
        let files = try Generation.files(sdl: Self.sdl, operations: "query Q { thing(id: 1) { kind } }", options: CodegenOptions(namespace: "API", moduleType: .singleFile))
        #expect(files.map(\.path) == ["API.swift"])
        #expect(files.first?.contents.contains("public enum SchemaConfiguration: OrionAPI.SchemaConfiguration") == true)
    }

    @Test func typenameIsAddedToTheDocumentSent() throws {
        let swift = try Generation.run(sdl: Self.sdl, operations: "query Q { search(text: \"a\") { ... on Thing { name } } }")
        #expect(swift.contains("search(text: \"a\") {\n          __typename\n          ... on Thing {\n"))
        #expect(swift.contains("  .inlineFragment(AsThing.self),\n"))
        #expect(swift.contains("public var asThing: AsThing? { __data[1] }"))
        #expect(swift.contains("public static let Result = OrionAPI.UnionType(name: \"Result\", possibleTypes: [\"Thing\", \"Other\"])"))
        #expect(swift.contains("\"Other\": Other, \"Query\": Query, \"Thing\": Thing"))
    }

    @Test func nestedFragmentsStayLinear() throws {
        // Fragment i spreads fragment i-1 and selects a field of its own: generated size must grow
        // linearly, not double with each level.
        func operations(_ depth: Int) -> String {
            var text = "fragment F0 on Thing { id }\n"
            for level in 1...depth { text += "fragment F\(level) on Thing { ...F\(level - 1) name }\n" }
            return text + "query Q { thing(id: 1) { ...F\(depth) } }"
        }
        let small = try Generation.run(sdl: Self.sdl, operations: operations(10)).count
        let large = try Generation.run(sdl: Self.sdl, operations: operations(40)).count
        #expect(Double(large) / Double(small) < 5, "\(small) → \(large) bytes")
    }
}
