import Foundation
import GraphQLLanguage
import OrionCodegen
import OrionCompiler
@testable import RocketReserverServer
import Testing

/// `--safelist`: the server runs only the operations of a persisted-query manifest, here the
/// one `orion generate --operation-manifest` makes of the tutorial app's operations.
@Suite struct SafelistTests {
    /// The app's operations' manifest, written to a temporary file.
    static func manifestFile() throws -> (path: String, manifest: OperationManifest) {
        let app = SharedData.resources.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("RocketReserverApp/GraphQL")
        let schema = try SchemaLoader.load(["schema.graphqls", "schema-extensions.graphqls"], relativeTo: app)
        let check = OperationCheck(["*.graphql"], relativeTo: app, schema: schema, rules: .codeGeneration)
        let manifest = try CodeGenerator.operationManifest(schema: schema, operations: check)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("safelist-\(UUID().uuidString).json")
        try manifest.encoded().write(to: url)
        return (url.path, manifest)
    }

    static func persisted(_ id: String) -> [String: Any] {
        ["persistedQuery": ["version": 1, "sha256Hash": id]]
    }

    static func code(_ result: HTTPResult) -> String? {
        dig(result.json, "errors", 0, "extensions", "code") as? String
    }

    @Test func operationsOfTheManifestRunByIdOverPOSTAndGET() async throws {
        let (path, manifest) = try Self.manifestFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let launchList = try #require(manifest.operations.first { $0.name == "LaunchList" })
        try await withServer(safelistPath: path) { server in
            let post = try await server.client.post(nil, variables: ["pageSize": 2], extensions: Self.persisted(launchList.id))
            #expect(post.status == 200, "\(post.text)")
            #expect((dig(post.json, "data", "launches", "launches") as? [Any])?.count == 2, "\(post.text)")

            var components = URLComponents(url: server.graphQLURL, resolvingAgainstBaseURL: false)
            components?.queryItems = [
                URLQueryItem(name: "variables", value: #"{"pageSize":3}"#),
                URLQueryItem(name: "extensions", value: #"{"persistedQuery":{"version":1,"sha256Hash":"\#(launchList.id)"}}"#),
            ]
            let get = try await HTTP.get(try #require(components?.url))
            #expect((dig(get.json, "data", "launches", "launches") as? [Any])?.count == 3, "\(get.text)")

            // The exact text of a manifest operation runs too, as with Apollo's router by default.
            let text = try await server.client.post(launchList.body, variables: ["pageSize": 1])
            #expect((dig(text.json, "data", "launches", "launches") as? [Any])?.count == 1, "\(text.text)")
        }
    }

    @Test func anUnknownIdIsRefusedWithPersistedQueryNotInList() async throws {
        let (path, _) = try Self.manifestFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withServer(safelistPath: path) { server in
            let unknown = String(repeating: "ab", count: 32)
            let result = try await server.client.post(nil, operationName: "Sneaky", extensions: Self.persisted(unknown))
            #expect(result.status == 404)
            #expect(Self.code(result) == "PERSISTED_QUERY_NOT_IN_LIST", "\(result.text)")
            #expect(dig(result.json, "errors", 0, "extensions", "operation_name") as? String == "Sneaky")
            #expect(result.errorMessages.first?.contains(unknown) == true)
            #expect(dig(result.json, "data") == nil)
        }
    }

    @Test func freeformTextNotInTheManifestIsRefused() async throws {
        let (path, _) = try Self.manifestFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withServer(safelistPath: path) { server in
            let post = try await server.client.post("{ totalTripsBooked }")
            #expect(post.status == 403)
            #expect(Self.code(post) == "QUERY_NOT_IN_SAFELIST", "\(post.text)")
            let get = try await server.client.get("{ totalTripsBooked }")
            #expect(get.status == 403)
            #expect(Self.code(get) == "QUERY_NOT_IN_SAFELIST", "\(get.text)")

            // Automatic persisted queries register nothing: the hash stays unknown.
            let text = "query Total { totalTripsBooked }"
            let register = try await server.client.post(text, extensions: Self.persisted(SHA256.hex(text)))
            #expect(register.status == 404)
            #expect(Self.code(register) == "PERSISTED_QUERY_NOT_IN_LIST")
        }
    }

    @Test func anIdWithAnotherTextIsRefused() async throws {
        let (path, manifest) = try Self.manifestFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let me = try #require(manifest.operations.first { $0.name == "Me" })
        try await withServer(safelistPath: path) { server in
            let result = try await server.client.post("{ totalTripsBooked }", extensions: Self.persisted(me.id))
            #expect(result.status == 400)
            #expect(Self.code(result) == "CANNOT_SEND_PQ_ID_AND_BODY", "\(result.text)")
        }
    }

    @Test func webSocketOperationsRunByIdAndUnknownOnesAreRefused() async throws {
        let (path, manifest) = try Self.manifestFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tripsBooked = try #require(manifest.operations.first { $0.name == "TripsBooked" })
        try await withServer(safelistPath: path) { server in
            let socket = WebSocketTestConnection(url: server.webSocketURL, subprotocol: "graphql-transport-ws")
            try socket.send(["type": "connection_init"])
            #expect(try await socket.next()["type"] as? String == "connection_ack")

            try socket.send(["type": "subscribe", "id": "1", "payload": ["extensions": Self.persisted(tripsBooked.id)]])
            try await WebSocketTests.waitForSubscribers(server, 1)

            try socket.send(["type": "subscribe", "id": "2", "payload": ["query": "{ totalTripsBooked }"]])
            let refused = try await socket.next()
            #expect(refused["type"] as? String == "error", "\(refused)")
            #expect(refused["id"] as? String == "2")
            #expect(dig(refused, "payload", 0, "extensions", "code") as? String == "QUERY_NOT_IN_SAFELIST", "\(refused)")
            socket.close()
        }
    }

    @Test func aMissingOrMalformedManifestStopsTheServerFromStarting() throws {
        #expect {
            _ = try RocketReserverServer(configuration: .init(port: 0, safelistPath: "/nonexistent/manifest.json"))
        } throws: { error in
            (error as? SafelistError)?.description
                == "The safelist /nonexistent/manifest.json does not exist: write it with `orion generate --operation-manifest /nonexistent/manifest.json`."
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("safelist-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id": "x"}]}"#.utf8).write(to: url)
        #expect {
            _ = try RocketReserverServer(configuration: .init(port: 0, safelistPath: url.path))
        } throws: { error in
            (error as? SafelistError)?.description == "The safelist \(url.path) is not a persisted-query manifest: operations[0] has no \"name\" string."
        }
    }
}
