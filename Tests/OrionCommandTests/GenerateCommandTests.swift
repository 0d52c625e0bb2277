import Foundation
import Testing
import TestSupport

/// `orion init` and `orion generate`, run as the built executable.
@Suite struct GenerateCommandTests {
    /// A project folder with the RocketReserver schema and operations and an orion.json.
    private func project(moduleType: String = "swift-package") throws -> URL {
        let directory = try Orion.temporaryDirectory()
        let graphql = directory.appendingPathComponent("graphql/Nested")
        try FileManager.default.createDirectory(at: graphql, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.sharedData.appendingPathComponent("rocketreserver/schema.graphqls"),
            to: directory.appendingPathComponent("graphql/schema.graphqls"))
        let operations = Repository.root.appendingPathComponent("Examples/RocketReserver/Sources/RocketReserverApp/GraphQL")
        for name in ["LaunchList.graphql", "BookTrip.graphql"] {
            try FileManager.default.copyItem(at: operations.appendingPathComponent(name), to: graphql.appendingPathComponent(name))
        }
        let configuration = """
            {"schema": ["graphql/schema.graphqls"], "operations": ["graphql/**/*.graphql"], "namespace": "RocketReserverAPI",
             "output": {"path": "Generated", "moduleType": "\(moduleType)"}}
            """
        try Data(configuration.utf8).write(to: directory.appendingPathComponent("orion.json"))
        return directory
    }

    @Test func generatesFromTheConfigurationFileAndPrunes() throws {
        let directory = try project()
        let first = try Orion.run(["generate"], in: directory)
        #expect(first.status == 0, "\(first.errors)")
        let sources = directory.appendingPathComponent("Generated/Sources/RocketReserverAPI")
        let launchList = sources.appendingPathComponent("Operations/Queries/LaunchListQuery.graphql.swift")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Generated/Package.swift").path))
        #expect(FileManager.default.fileExists(atPath: launchList.path))
        #expect(first.output.contains("written"))

        // The user's own configuration survives regeneration; unchanged files are not rewritten.
        let configuration = sources.appendingPathComponent("Schema/SchemaConfiguration.swift")
        try Data("// mine\n".utf8).write(to: configuration)
        let second = try Orion.run(["generate"], in: directory)
        #expect(second.status == 0)
        #expect(second.output.contains("0 written"))
        #expect(try String(contentsOf: configuration, encoding: .utf8) == "// mine\n")

        // An operation that is gone takes its generated file with it.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("graphql/Nested/LaunchList.graphql"))
        let third = try Orion.run(["generate"], in: directory)
        #expect(third.status == 0, "\(third.errors)")
        #expect(third.output.contains("1 removed"))
        #expect(!FileManager.default.fileExists(atPath: launchList.path))
        #expect(FileManager.default.fileExists(atPath: sources.appendingPathComponent("Operations/Mutations/BookTripMutation.graphql.swift").path))
    }

    @Test func testMocksFromTheConfigurationFileAreAPackageBesideTheAPIs() throws {
        let directory = try project()
        let configuration = directory.appendingPathComponent("orion.json")
        let json = try String(contentsOf: configuration, encoding: .utf8)
            .replacingOccurrences(of: #""moduleType": "swift-package"}"#, with: #""moduleType": "swift-package"}, "testMocks": {"path": "Mocks/APIMocks"}"#)
        try Data(json.utf8).write(to: configuration)
        let first = try Orion.run(["generate"], in: directory)
        #expect(first.status == 0, "\(first.errors)")
        let manifest = try String(contentsOf: directory.appendingPathComponent("Mocks/APIMocks/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(name: "RocketReserverAPI", path: "../../Generated")"#))
        #expect(manifest.contains(#".library(name: "RocketReserverAPIMocks", targets: ["RocketReserverAPIMocks"])"#))
        let launch = directory.appendingPathComponent("Mocks/APIMocks/Sources/RocketReserverAPIMocks/Objects/LaunchMock.graphql.swift")
        #expect(try String(contentsOf: launch, encoding: .utf8).contains("public final class LaunchMock: OrionTestSupport.MockObject {"))
        // Unchanged mocks are not rewritten.
        let second = try Orion.run(["generate"], in: directory)
        #expect(second.output.contains("Mocks/APIMocks: 0 written"), "\(second.output)")
    }

    @Test func theMocksModuleNeedsTheMocksOutput() throws {
        let result = try Orion.run(["generate", "--mocks-module", "Mocks"], in: try Orion.temporaryDirectory())
        #expect(result.status != 0)
        #expect(result.errors.contains("--mocks-module needs --mocks-output: the directory of the mocks' package."))
    }

    @Test func singleFileOutput() throws {
        let directory = try project(moduleType: "single-file")
        let result = try Orion.run(["generate"], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        let api = try String(contentsOf: directory.appendingPathComponent("Generated/API.swift"), encoding: .utf8)
        #expect(api.contains("public struct LaunchListQuery: OrionAPI.GraphQLQuery"))
        #expect(api.contains("public enum RocketReserverAPI {}"))
    }

    @Test func hashableModelsOfTheConfigurationAndTheFlagThatOverridesIt() throws {
        let directory = try project(moduleType: "single-file")
        let configuration = directory.appendingPathComponent("orion.json")
        let json = try String(contentsOf: configuration, encoding: .utf8)
            .replacingOccurrences(of: #""moduleType": "single-file"}"#, with: #""moduleType": "single-file"}, "hashableModels": false"#)
        try Data(json.utf8).write(to: configuration)
        let api = directory.appendingPathComponent("Generated/API.swift")
        let data = "public struct Data: OrionAPI.RootSelectionSet, Swift."
        for (arguments, conformance) in [([String](), "Equatable"), (["--hashable-models"], "Hashable"), (["--no-hashable-models"], "Equatable")] {
            let result = try Orion.run(["generate"] + arguments, in: directory)
            #expect(result.status == 0, "\(result.errors)")
            let swift = try String(contentsOf: api, encoding: .utf8)
            #expect(swift.contains(data + conformance), "\(arguments)")
            #expect(swift.contains("public struct LaunchListQuery: OrionAPI.GraphQLQuery, Swift.Hashable"))
        }
    }

    @Test func optionsWithoutAConfigurationFile() throws {
        let directory = try Orion.temporaryDirectory()
        let result = try Orion.run([
            "generate", "--schema", Repository.sharedData.appendingPathComponent("schemas/starwars/schema.graphqls").path,
            "--operations", Repository.sharedData.appendingPathComponent("schemas/starwars/operations/HeroName.graphql").path,
            "--namespace", "StarWarsAPI", "--output", "Out", "--module-type", "embedded", "--scalar", "Long=Int64",
        ], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        // HeroName.graphql declares several queries: one file, named after it.
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Out/Operations/HeroName.graphql.swift").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Out/Schema/StarWarsAPI.graphql.swift").path))
    }

    @Test func validationErrorsPrintLikeACompilerAndFail() throws {
        let directory = try project()
        try Data("query Broken { launches { nope } }\n".utf8).write(to: directory.appendingPathComponent("graphql/Broken.graphql"))
        let result = try Orion.run(["generate"], in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("graphql/Broken.graphql:1:27: error: Cannot query field 'nope' on type 'LaunchConnection'."))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Generated").path), "nothing written on errors")
    }

    /// As `orion validate` does: every file's syntax error, with its file, line and column, and
    /// the validation errors of the files that parsed, all in one run.
    @Test func reportsEverySyntaxErrorOfEveryFileAtOnce() throws {
        let directory = try project()
        try Data("query First {\n  launches { cursor }\n".utf8).write(to: directory.appendingPathComponent("graphql/First.graphql"))
        try Data("query Second {\n  launch(id: ) { id }\n}\n".utf8).write(to: directory.appendingPathComponent("graphql/Nested/Second.graphql"))
        try Data("query Third { launches { nope } }\n".utf8).write(to: directory.appendingPathComponent("graphql/Third.graphql"))
        let result = try Orion.run(["generate"], in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("graphql/First.graphql:3:1: error: Syntax Error: Expected Name, found <EOF>."))
        #expect(result.errors.contains("graphql/Nested/Second.graphql:2:14: error: Syntax Error: Unexpected ')'.\n  launch(id: ) { id }\n             ^"))
        #expect(result.errors.contains("graphql/Third.graphql:1:26: error: Cannot query field 'nope' on type 'LaunchConnection'."))
        #expect(result.errors.contains("3 errors"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Generated").path), "nothing written on errors")
    }

    @Test func anUnknownConfigurationKeyIsAnErrorWithASuggestion() throws {
        let directory = try project()
        let file = directory.appendingPathComponent("orion.json")
        try Data(#"""
            {"schema": ["graphql/schema.graphqls"], "operations": ["graphql/**/*.graphql"], "namespace": "RocketReserverAPI",
             "output": {"path": "Generated", "moduletype": "single-file"}, "scalarTypes": {"Upload": "String"}}
            """#.utf8).write(to: file)
        let result = try Orion.run(["generate"], in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains(#"orion.json: unknown key "scalarTypes". Did you mean "scalars"?"#))
        #expect(result.errors.contains(#"orion.json: unknown key "moduletype" in "output". Did you mean "moduleType"?"#))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Generated").path), "nothing generated")
    }

    @Test func configurationProblemsAreExplained() throws {
        let directory = try Orion.temporaryDirectory()
        let missing = try Orion.run(["generate"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.errors.contains("Run `orion init`"))

        try Data(#"{"schema": ["s.graphqls"], "operations": [], "namespace": "1API", "output": {"path": "x"}}"#.utf8)
            .write(to: directory.appendingPathComponent("orion.json"))
        let invalid = try Orion.run(["generate"], in: directory)
        #expect(invalid.status == 1)
        #expect(invalid.errors.contains("\"operations\" is empty"))
        #expect(invalid.errors.contains("\"namespace\" \"1API\" is not a Swift identifier"))

        try Data(#"{"schema": "s.graphqls"}"#.utf8).write(to: directory.appendingPathComponent("orion.json"))
        let wrongType = try Orion.run(["generate"], in: directory)
        #expect(wrongType.status == 1)
        #expect(wrongType.errors.contains("\"schema\" has the wrong type"))

        let flags = try Orion.run(["generate", "--schema", "s.graphqls"], in: directory)
        #expect(flags.status == 64)
        #expect(flags.errors.contains("Missing --operations"))
    }

    @Test func initWritesAStarterConfiguration() throws {
        let directory = try Orion.temporaryDirectory()
        let result = try Orion.run(["init"], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        let text = try String(contentsOf: directory.appendingPathComponent("orion.json"), encoding: .utf8)
        #expect(text.contains("\"namespace\" : \"API\""))
        let again = try Orion.run(["init"], in: directory)
        #expect(again.status != 0)
        #expect(again.errors.contains("--force"))
    }
}
