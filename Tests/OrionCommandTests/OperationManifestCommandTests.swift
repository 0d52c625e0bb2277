import Foundation
import Testing
import TestSupport

/// The persisted-query manifest on the command line: `orion generate --operation-manifest` (or
/// `"operationManifest"` in orion.json) writes it, `orion validate --manifest` compares with it.
@Suite struct OperationManifestCommandTests {
    static let operations = Repository.root.appendingPathComponent("Examples/RocketReserver/Sources/RocketReserverApp/GraphQL")

    /// A project with the RocketReserver schema and three of its operations, and an orion.json
    /// that writes the manifest to `manifests/operations.json`.
    private func project() throws -> URL {
        let directory = try Orion.temporaryDirectory()
        let graphql = directory.appendingPathComponent("graphql")
        try FileManager.default.createDirectory(at: graphql, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.sharedData.appendingPathComponent("rocketreserver/schema.graphqls"), to: graphql.appendingPathComponent("schema.graphqls"))
        for name in ["LaunchList.graphql", "BookTrip.graphql", "Login.graphql"] {
            try FileManager.default.copyItem(at: Self.operations.appendingPathComponent(name), to: graphql.appendingPathComponent(name))
        }
        let configuration = """
            {"schema": ["graphql/schema.graphqls"], "operations": ["graphql/*.graphql"], "namespace": "RocketReserverAPI",
             "output": {"path": "Generated"}, "operationManifest": "manifests/operations.json"}
            """
        try Data(configuration.utf8).write(to: directory.appendingPathComponent("orion.json"))
        return directory
    }

    private func manifestOperations(_ url: URL) throws -> [[String: String]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(object["format"] as? String == "apollo-persisted-query-manifest")
        #expect(object["version"] as? Int == 1)
        return try #require(object["operations"] as? [[String: String]])
    }

    @Test func generateWritesTheManifestOfTheConfigurationOnceAndKeepsItWhenUnchanged() throws {
        let directory = try project()
        let manifest = directory.appendingPathComponent("manifests/operations.json")
        let first = try Orion.run(["generate"], in: directory)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("Wrote the operation manifest \(manifest.path) (3 operations)."), "\(first.output)")
        let operations = try manifestOperations(manifest)
        #expect(operations.map { $0["name"] } == ["BookTrip", "LaunchList", "Login"])
        #expect(operations.map { $0["type"] } == ["mutation", "query", "mutation"])

        // The ids are the generated identifiers.
        let launchList = try String(
            contentsOf: directory.appendingPathComponent("Generated/Sources/RocketReserverAPI/Operations/Queries/LaunchListQuery.graphql.swift"), encoding: .utf8)
        let id = try #require(operations.first { $0["name"] == "LaunchList" }?["id"])
        #expect(launchList.contains("identifier: \"\(id)\""))

        let bytes = try Data(contentsOf: manifest)
        let modified = try FileManager.default.attributesOfItem(atPath: manifest.path)[.modificationDate] as? Date
        let second = try Orion.run(["generate"], in: directory)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("Operation manifest \(manifest.path) unchanged (3 operations)."), "\(second.output)")
        #expect(try Data(contentsOf: manifest) == bytes)
        #expect(try FileManager.default.attributesOfItem(atPath: manifest.path)[.modificationDate] as? Date == modified)
    }

    @Test func theFlagWritesTheManifestWithoutAConfiguration() throws {
        let directory = try Orion.temporaryDirectory()
        let result = try Orion.run([
            "generate", "--schema", Repository.sharedData.appendingPathComponent("rocketreserver/schema.graphqls").path,
            "--schema", Self.operations.appendingPathComponent("schema-extensions.graphqls").path,
            "--operations", Self.operations.path + "/*.graphql", "--namespace", "RocketReserverAPI", "--output", "Out",
            "--operation-manifest", "operations.json",
        ], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        let operations = try manifestOperations(directory.appendingPathComponent("operations.json"))
        #expect(operations.map { $0["name"] } == ["BookTrip", "CancelTrip", "LaunchDetails", "LaunchList", "Login", "Me", "TripsBooked", "UploadProfileImage"])
    }

    @Test func validateReportsChangedNewAndRemovedOperations() throws {
        let directory = try project()
        #expect(try Orion.run(["generate"], in: directory).status == 0)
        let arguments = ["validate", "--schema", "graphql/schema.graphqls", "--operations", "graphql/*.graphql", "--manifest", "manifests/operations.json"]

        let same = try Orion.run(arguments, in: directory)
        #expect(same.status == 0, "\(same.errors)")
        #expect(same.output.contains("The ids of all 3 operations match"))

        // LaunchList changes, Login goes, CancelTrip comes.
        let graphql = directory.appendingPathComponent("graphql")
        let launchList = graphql.appendingPathComponent("LaunchList.graphql")
        try Data(try String(contentsOf: launchList, encoding: .utf8).replacingOccurrences(of: "hasMore", with: "hasMore\n    cursor").utf8).write(to: launchList)
        try FileManager.default.removeItem(at: graphql.appendingPathComponent("Login.graphql"))
        try FileManager.default.copyItem(at: Self.operations.appendingPathComponent("CancelTrip.graphql"), to: graphql.appendingPathComponent("CancelTrip.graphql"))

        let changed = try Orion.run(arguments, in: directory)
        #expect(changed.status == 1)
        #expect(changed.errors.contains("graphql/LaunchList.graphql:2:1: warning: Query \"LaunchList\" changed id since operations.json: "), "\(changed.errors)")
        #expect(changed.errors.contains("graphql/CancelTrip.graphql:1:1: warning: Mutation \"CancelTrip\" is not in operations.json (new, id "))
        #expect(changed.errors.contains("warning: Mutation \"Login\" of "))
        #expect(changed.errors.contains("is no longer defined"))
        #expect(changed.errors.contains("1 changed, 1 new, 1 removed since "))
    }

    @Test func validateNamesAManifestItCannotUse() throws {
        let directory = try project()
        try Data(#"{"format": "apollo-persisted-query-manifest", "version": 1}"#.utf8).write(to: directory.appendingPathComponent("broken.json"))
        let broken = try Orion.run(["validate", "--schema", "graphql/schema.graphqls", "--operations", "graphql/*.graphql", "--manifest", "broken.json"], in: directory)
        #expect(broken.status == 1)
        #expect(broken.errors.contains("broken.json is not a persisted-query manifest: \"operations\" must be an array."), "\(broken.errors)")

        let missing = try Orion.run(["validate", "--schema", "graphql/schema.graphqls", "--operations", "graphql/*.graphql", "--manifest", "none.json"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.errors.contains("cannot read the manifest"), "\(missing.errors)")

        let noOperations = try Orion.run(["validate", "--schema", "graphql/schema.graphqls", "--manifest", "broken.json"], in: directory)
        #expect(noOperations.status != 0)
        #expect(noOperations.errors.contains("--manifest compares the operations with the manifest"))
    }

    @Test func anUnknownConfigurationKeyIsStillReported() throws {
        let directory = try project()
        let url = directory.appendingPathComponent("orion.json")
        try Data(try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"operationManifest\"", with: "\"operationsManifest\"").utf8).write(to: url)
        let result = try Orion.run(["generate"], in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("unknown key \"operationsManifest\". Did you mean \"operationManifest\" or \"operations\"?"), "\(result.errors)")
    }
}
