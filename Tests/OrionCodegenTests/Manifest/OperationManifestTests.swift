import Foundation
import GraphQLLanguage
@testable import OrionCodegen
import OrionCompiler
import Testing
import TestSupport

/// The persisted-query manifest `orion generate --operation-manifest` writes: byte for byte for
/// the Star Wars operations (after an intended change: `ORION_UPDATE_GOLDEN=1 swift test
/// --filter OperationManifestTests`, then review the diff), and its ids are those of the
/// generated code.
@Suite struct OperationManifestTests {
    static let schema = ["schemas/starwars/schema.graphqls"]
    static let operations = "schemas/starwars/operations/**/*.graphql"

    static func manifest(schema: [String] = schema, operations: String = operations) throws -> OperationManifest {
        let loaded = try SchemaLoader.load(schema, relativeTo: Repository.sharedData)
        let check = OperationCheck([operations], relativeTo: Repository.sharedData, schema: loaded, rules: .codeGeneration)
        return try CodeGenerator.operationManifest(schema: loaded, operations: check)
    }

    @Test func manifestMatchesGolden() throws {
        let data = try Self.manifest().encoded()
        let url = GoldenTests.golden.appendingPathComponent("StarWarsAPI.manifest.json")
        if ProcessInfo.processInfo.environment["ORION_UPDATE_GOLDEN"] != nil {
            try data.write(to: url)
        }
        let expected = try Data(contentsOf: url)
        #expect(String(decoding: data, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func everyIdIsTheSHA256OfItsBodyAndTheGeneratedIdentifier() throws {
        let manifest = try Self.manifest()
        #expect(manifest.operations.count > 20)
        let files = try Generation.run(namespace: "StarWarsAPI", schema: Self.schema, operations: Self.operations)
        let generated = files.map(\.contents).joined(separator: "\n")
        for operation in manifest.operations {
            #expect(operation.id == SHA256.hexDigest(operation.body), "\(operation.name)")
            #expect(generated.contains("identifier: \"\(operation.id)\""), "\(operation.name): its id is not in the generated code")
            #expect(generated.contains("static let __operation = OrionAPI.OperationMetadata(\"\(operation.name)\", "))
        }
        #expect(manifest.operations.map(\.name) == manifest.operations.map(\.name).sorted())
        #expect(Set(manifest.operations.map(\.type)).isSubset(of: ["query", "mutation", "subscription"]))
    }

    @Test func encodingIsStableAndReadsBack() throws {
        let manifest = try Self.manifest()
        #expect(manifest.encoded() == (try Self.manifest()).encoded())
        let decoded = try OperationManifest.decode(manifest.encoded())
        #expect(decoded == manifest)
        // What JSONSerialization reads is the same text: the hand-written escaping is JSON's.
        let object = try #require(try JSONSerialization.jsonObject(with: manifest.encoded()) as? [String: Any])
        #expect(object["format"] as? String == "apollo-persisted-query-manifest")
        #expect(object["version"] as? Int == 1)
        let bodies = (object["operations"] as? [[String: Any]])?.compactMap { $0["body"] as? String }
        #expect(bodies == manifest.operations.map(\.body))
    }

    @Test func escapesControlCharactersQuotesAndBackslashes() throws {
        let body = "query Q { f(s: \"a\\\\b\\u{01}\") }\t\u{1}é"
        let manifest = OperationManifest(operations: [.init(id: "x", name: "Q", type: "query", body: body)])
        let decoded = try OperationManifest.decode(manifest.encoded())
        #expect(decoded.operations.first?.body == body)
    }

    @Test func malformedManifestsSayWhatIsWrong() {
        func problem(_ text: String) -> String? {
            do {
                _ = try OperationManifest.decode(Data(text.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem("nope")?.hasPrefix("it is not valid JSON") == true)
        #expect(problem("[]") == "it is not a JSON object")
        #expect(problem(#"{"format": "other", "version": 1, "operations": []}"#) == "\"format\" must be \"apollo-persisted-query-manifest\"")
        #expect(problem(#"{"format": "apollo-persisted-query-manifest", "version": 2, "operations": []}"#) == "\"version\" must be 1")
        #expect(problem(#"{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id": "a", "name": "A", "type": "query"}]}"#)
            == "operations[0] has no \"body\" string")
    }

    @Test func changesSinceAnEarlierManifest() {
        let a = OperationManifest.Operation(id: "1", name: "A", type: "query", body: "query A { a }")
        let b = OperationManifest.Operation(id: "2", name: "B", type: "query", body: "query B { b }")
        let bChanged = OperationManifest.Operation(id: "3", name: "B", type: "query", body: "query B { b c }")
        let c = OperationManifest.Operation(id: "4", name: "C", type: "mutation", body: "mutation C { c }")
        let changes = OperationManifest(operations: [bChanged, c]).changes(since: OperationManifest(operations: [a, b]))
        #expect(changes.changed == [.init(previous: b, current: bChanged)])
        #expect(changes.added == [c])
        #expect(changes.removed == [a])
        #expect(OperationManifest(operations: [a, b]).changes(since: OperationManifest(operations: [b, a])).isEmpty)
    }
}
