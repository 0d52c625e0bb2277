import Foundation
import GraphQLLanguage
@testable import OrionCodegen
import OrionCompiler
import Testing
import TestSupport

/// The generated test mocks of the Star Wars, AnimalKingdom, GitHub and RocketReserver
/// operations, byte for byte: every file of each mocks package, in path order, after a line
/// naming it. After an intended change: `ORION_UPDATE_GOLDEN=1 swift test --filter MockGoldenTests`,
/// then review the diff.
@Suite struct MockGoldenTests {
    static let golden = GoldenTests.golden.appendingPathComponent("Mocks")
    static let rocketReserver = Repository.root.path + "/Examples/RocketReserver/Sources/RocketReserverApp/GraphQL"

    @Test(arguments: [
        ("StarWarsAPI", ["schemas/starwars/schema.graphqls"], "schemas/starwars/operations/**/*.graphql", [:]),
        ("AnimalKingdomAPI", ["schemas/animalkingdom/AnimalSchema.graphqls"], "schemas/animalkingdom/*.graphql", [:]),
        ("GitHubAPI", ["schemas/github/schema.graphqls"], "schemas/github/Queries/**/*.graphql",
         ["URI": "URL", "DateTime": "Date", "GitTimestamp": "Date", "HTML": "String"]),
        ("RocketReserverAPI", ["rocketreserver/schema.graphqls", rocketReserver + "/schema-extensions.graphqls"], rocketReserver + "/*.graphql", [:]),
    ])
    func generatedMocksMatchGolden(namespace: String, schemaPaths: [String], operations: String, scalars: [String: String]) throws {
        let files = try Generation.mocks(namespace: namespace, schema: schemaPaths, operations: operations, scalars: scalars)
        let text = files.map { "// FILE: \($0.path)\n" + $0.contents }.joined(separator: "\n")
        let url = Self.golden.appendingPathComponent("\(namespace)Mocks.swift")
        if ProcessInfo.processInfo.environment["ORION_UPDATE_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if text != expected {
            let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record("""
                \(namespace)Mocks.swift differs from the golden file at line \((firstDifference?.offset ?? min(actualLines.count, expectedLines.count)) + 1):
                  generated: \(firstDifference.map { String($0.element.0) } ?? "(end)")
                  golden:    \(firstDifference.map { String($0.element.1) } ?? "(end)")
                """)
        }
    }

    @Test func mocksAreOptIn() throws {
        let files = try Generation.mocks(namespace: "StarWarsAPI", schema: ["schemas/starwars/schema.graphqls"], operations: "schemas/starwars/operations/**/*.graphql", enabled: false)
        #expect(files.isEmpty)
    }

    @Test func mockGenerationIsDeterministic() throws {
        let first = try Generation.mocks(namespace: "GitHubAPI", schema: ["schemas/github/schema.graphqls"], operations: "schemas/github/Queries/**/*.graphql")
        let second = try Generation.mocks(namespace: "GitHubAPI", schema: ["schemas/github/schema.graphqls"], operations: "schemas/github/Queries/**/*.graphql")
        #expect(first == second)
    }

    @Test func mocksOfInterfacesAndUnionsAreProtocolsTheirTypesConformTo() throws {
        let files = try Generation.mocks(namespace: "StarWarsAPI", schema: ["schemas/starwars/schema.graphqls"], operations: "schemas/starwars/operations/**/*.graphql")
        let human = try #require(files.first { $0.path == "Sources/StarWarsAPIMocks/Objects/HumanMock.graphql.swift" })
        #expect(human.contents.contains("public final class HumanMock: OrionTestSupport.MockObject, CharacterMock, SearchResultMock {"))
        #expect(human.contents.contains("public var friends: [(any CharacterMock)?]? {"))
        let union = try #require(files.first { $0.path == "Sources/StarWarsAPIMocks/Unions/SearchResultMock.graphql.swift" })
        #expect(union.contents.contains("public protocol SearchResultMock: OrionTestSupport.MockObject {}"))
        let manifest = try #require(files.first { $0.path == "Package.swift" })
        #expect(manifest.contents.contains(#".package(name: "StarWarsAPI", path: "../StarWarsAPI")"#))
    }

    @Test func aMockNamedLikeASchemaTypeOrAnotherMockTakesUnderscores() throws {
        let schema = try Schema.build(sdl: [Source("""
            type Query { foo: Foo fooMock: FooMock fooMock_: FooMock_ mock: MockObjectMock }
            type Foo { id: ID }
            type FooMock { id: ID }
            enum FooMock_ { A }
            type MockObjectMock { id: ID }
            """, name: "schema.graphqls")])
        let document = try Parser.parse(Source("query Q { foo { id } fooMock { id } fooMock_ mock { id } }", name: "q.graphql"))
        let mocks = CodegenOptions.TestMocks(moduleName: "APIMocks", apiPackagePath: "../API")
        let files = try CodeGenerator.generateMocks(schema: schema, documents: [document], options: CodegenOptions(namespace: "API", testMocks: mocks))
        let classes = files.compactMap { file in
            file.contents.split(separator: "\n").first { $0.contains("final class") }.map { String($0.split(separator: ":")[0]) }
        }
        // Foo's `FooMock` and `FooMock_` are schema types'; FooMock's `FooMockMock` is free.
        #expect(classes.sorted() == [
            "public final class FooMockMock", "public final class FooMock__", "public final class MockObjectMockMock", "public final class QueryMock",
        ])
    }
}

extension Generation {
    /// Runs mock generation in-process on shared data, the mocks package beside the API's.
    static func mocks(namespace: String, schema: [String], operations: String, scalars: [String: String] = [:], enabled: Bool = true) throws -> [GeneratedFile] {
        let schema = try SchemaLoader.load(schema, relativeTo: Repository.sharedData)
        let (documents, errors) = OperationLoader.load([operations], relativeTo: Repository.sharedData)
        #expect(errors.isEmpty, "\(errors)")
        let mocks = CodegenOptions.TestMocks(moduleName: namespace + "Mocks", apiPackagePath: "../" + namespace, orionPath: "../..")
        return try CodeGenerator.generateMocks(
            schema: schema, documents: documents,
            options: CodegenOptions(namespace: namespace, scalarTypes: scalars, orionPath: "../..", testMocks: enabled ? mocks : nil))
    }
}
