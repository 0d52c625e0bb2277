import Foundation
import GraphQLLanguage
@testable import OrionCodegen
import OrionCompiler
import Testing
import TestSupport

/// The generated Swift for the Star Wars, RocketReserver, nullability and @defer operations, byte for byte, as one
/// file (`single-file`). After an intended change: `ORION_UPDATE_GOLDEN=1 swift test --filter GoldenTests`,
/// then review the diff.
@Suite struct GoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test(arguments: [
        ("StarWarsAPI", ["schemas/starwars/schema.graphqls"], "schemas/starwars/operations/**/*.graphql"),
        ("RocketReserverAPI", ["rocketreserver/schema.graphqls", Repository.root.path + "/Examples/RocketReserver/Sources/RocketReserverApp/GraphQL/schema-extensions.graphqls"],
         Repository.root.path + "/Examples/RocketReserver/Sources/RocketReserverApp/GraphQL/*.graphql"),
        ("NullabilityAPI", [Repository.root.path + "/Tests/GeneratedCode/Schemas/Nullability/schema.graphqls", Repository.root.path + "/Tests/GeneratedCode/Schemas/Nullability/extra.graphqls"],
         Repository.root.path + "/Tests/GeneratedCode/Schemas/Nullability/*.graphql"),
        // Deferred fragments: inline with a label, a named spread without one, `if:`.
        ("DeferAPI", [Repository.root.path + "/Tests/Defer/schema.graphqls"], Repository.root.path + "/Tests/Defer/*.graphql"),
    ])
    func generatedSwiftMatchesGolden(namespace: String, schemaPaths: [String], operations: String) throws {
        let files = try Generation.run(namespace: namespace, schema: schemaPaths, operations: operations, moduleType: .singleFile)
        let api = try #require(files.first { $0.path == "API.swift" })
        let url = Self.golden.appendingPathComponent("\(namespace).swift")
        if ProcessInfo.processInfo.environment["ORION_UPDATE_GOLDEN"] != nil {
            try Data(api.contents.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if api.contents != expected {
            let actualLines = api.contents.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record("""
                \(namespace).swift differs from the golden file at line \((firstDifference?.offset ?? min(actualLines.count, expectedLines.count)) + 1):
                  generated: \(firstDifference.map { String($0.element.0) } ?? "(end)")
                  golden:    \(firstDifference.map { String($0.element.1) } ?? "(end)")
                """)
        }
    }

    @Test func generationIsDeterministic() throws {
        let first = try Generation.run(namespace: "StarWarsAPI", schema: ["schemas/starwars/schema.json"], operations: "schemas/starwars/operations/**/*.graphql")
        let second = try Generation.run(namespace: "StarWarsAPI", schema: ["schemas/starwars/schema.json"], operations: "schemas/starwars/operations/**/*.graphql")
        #expect(first == second)
        #expect(first.count > 20)
    }
}

/// Runs code generation in-process on shared data.
enum Generation {
    static func run(
        namespace: String, schema: [String], operations: String, moduleType: CodegenOptions.ModuleType = .swiftPackage,
        scalars: [String: String] = [:]
    ) throws -> [GeneratedFile] {
        let schema = try SchemaLoader.load(schema, relativeTo: Repository.sharedData)
        let (documents, errors) = OperationLoader.load([operations], relativeTo: Repository.sharedData)
        #expect(errors.isEmpty, "\(errors)")
        return try CodeGenerator.generate(
            schema: schema, documents: documents,
            options: CodegenOptions(namespace: namespace, moduleType: moduleType, scalarTypes: scalars, orionPath: "../.."))
    }

    /// Generation from SDL and operation text, all files' text together.
    static func run(sdl: String, operations: String, options: CodegenOptions = CodegenOptions(namespace: "API", moduleType: .singleFile)) throws(CodegenError) -> String {
        try files(sdl: sdl, operations: operations, options: options).map(\.contents).joined(separator: "\n")
    }

    /// Generation from SDL and operation text.
    static func files(sdl: String, operations: String, options: CodegenOptions) throws(CodegenError) -> [GeneratedFile] {
        let schema: Schema
        do {
            schema = try Schema.build(sdl: [Source(sdl, name: "schema.graphqls")])
        } catch {
            throw CodegenError(error.errors)
        }
        let document: Document
        do {
            document = try Parser.parse(Source(operations, name: "operations.graphql"))
        } catch {
            throw CodegenError([error])
        }
        return try CodeGenerator.generate(schema: schema, documents: [document], options: options)
    }
}
