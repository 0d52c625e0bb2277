import Foundation
import Testing

/// Requests that are wrong in every way the spec names: each gets an error response, and the
/// server keeps answering.
@Suite struct BadRequestTests {
    @Test func everyBadRequestGetsAnErrorAndTheServerSurvives() async throws {
        try await withServer { server in
            let client = server.client

            let malformed = try await client.postRaw(Data("{\"query\": ".utf8))
            #expect(malformed.status == 400)
            #expect(malformed.errorMessages.contains { $0.contains("not valid JSON") })

            let notAnObject = try await client.postRaw(Data("42".utf8))
            #expect(notAnObject.status == 400)

            let missingQuery = try await client.post(nil, variables: [:])
            #expect(missingQuery.status == 400)
            #expect(missingQuery.errorMessages.contains { $0.contains("no \"query\"") })

            let wrongType = try await client.postRaw(Data(#"{"query": 7}"#.utf8))
            #expect(wrongType.status == 400)

            let wrongContentType = try await client.postRaw(Data("{ me { id } }".utf8), contentType: "text/plain")
            #expect(wrongContentType.status == 415)

            // Every validation error at once, each located.
            let invalid = try await client.post("{ nope1 launch { id } me { nope2 } launches(pageSize: \"x\") { cursor } }")
            #expect(invalid.errorMessages.count >= 4, "\(invalid.text)")
            #expect((invalid.json?["errors"] as? [[String: Any]])?.allSatisfy { $0["locations"] != nil } == true)

            // Two identical operations: GraphQLSwift would abort the process on these.
            for operationName in [nil, "A"] as [String?] {
                let duplicate = try await client.post("query A{me{id}} query A{me{id}}", operationName: operationName)
                #expect(duplicate.errorMessages.contains { $0.contains("only one operation named") }, "\(duplicate.text)")
            }

            // 1,000 levels of nesting: GraphQLSwift would overflow its stack.
            let deep = "{" + String(repeating: "launches { launches { ", count: 500) + "id" + String(repeating: " } }", count: 500) + " }"
            let deepResult = try await client.post(deep)
            #expect(deepResult.status == 200)
            #expect(!deepResult.errorMessages.isEmpty)

            // Depth hidden in a chain of fragments is measured with the fragments expanded.
            var fragments = "query { __type(name: \"Launch\") { ...F0 } }\n"
            for index in 0..<100 {
                fragments += "fragment F\(index) on __Type { ofType { \(index < 99 ? "...F\(index + 1)" : "name") } }\n"
            }
            let chained = try await client.post(fragments)
            #expect(chained.errorMessages.contains { $0.contains("nests selections") }, "\(chained.text.prefix(300))")

            // Over the 1 MB JSON limit.
            let oversized = try await client.post("{ me { id } }", variables: ["padding": String(repeating: "x", count: 1_100_000)])
            #expect(oversized.status == 413)
            #expect(oversized.errorMessages.contains { $0.contains("larger than the limit") })

            // A subscription over plain HTTP is refused with a hint.
            let subscription = try await client.post("subscription { tripsBooked }")
            #expect(subscription.status == 400)

            // Batches are not supported.
            let batch = try await client.postRaw(Data(#"[{"query":"{ me { id } }"}]"#.utf8))
            #expect(batch.status == 400)

            // Nonsense over the WebSocket closes that connection with 4400.
            let socket = WebSocketTestConnection(url: server.webSocketURL, subprotocol: "graphql-transport-ws")
            socket.send(text: "this is not json")
            #expect(try await socket.closeCode() == 4400)
            let legacy = WebSocketTestConnection(url: server.webSocketURL, subprotocol: "graphql-ws")
            try legacy.send(["type": "no-such-message"])
            #expect(try await legacy.closeCode() == 4400)

            // And the server still answers.
            let after = try await client.data("{ totalTripsBooked launch(id: \"1\") { id } }")
            #expect(after["totalTripsBooked"] as? Int == 0)
        }
    }

    @Test func webSocketWithoutAGraphQLProtocolIsRefused() async throws {
        try await withServer { server in
            let socket = WebSocketTestConnection(url: server.webSocketURL, subprotocol: "chat")
            await #expect(throws: (any Error).self) { try await socket.closeCode() }
            let total = try await server.client.data("{ totalTripsBooked }")["totalTripsBooked"] as? Int
            #expect(total == 0, "the server still answers")
        }
    }
}
