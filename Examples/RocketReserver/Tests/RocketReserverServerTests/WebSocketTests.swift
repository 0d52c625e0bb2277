import Foundation
import RocketReserverServer
import Testing

/// Subscriptions over WebSocket in both protocols, and graphql-transport-ws's close codes.
@Suite struct WebSocketTests {
    static let book = "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }"

    /// Waits until the server has `count` tripsBooked subscribers, so a booking made next is seen.
    static func waitForSubscribers(_ server: TestServer, _ count: Int) async throws {
        try await waitUntil(stepBound, "\(count) subscription(s) are listening", server.server) { $0 >= count }
    }

    @Test func graphQLTransportWSReceivesTripsBooked() async throws {
        try await withServer { server in
            let user = try await server.client.login("ws@example.com")
            let socket = WebSocketTestConnection(url: server.webSocketURL, subprotocol: "graphql-transport-ws")
            try socket.send(["type": "connection_init", "payload": ["authorization": "Bearer \(user.token ?? "")"]])
            #expect(try await socket.next()["type"] as? String == "connection_ack")

            try socket.send(["type": "ping"])
            #expect(try await socket.next()["type"] as? String == "pong")

            // A query over the socket: one next, then complete.
            try socket.send(["type": "subscribe", "id": "q", "payload": ["query": "{ me { email } }"]])
            let answer = try await socket.next()
            #expect(answer["type"] as? String == "next")
            #expect(dig(answer, "payload", "data", "me", "email") as? String == "ws@example.com", "\(answer)")
            #expect(try await socket.next()["type"] as? String == "complete")

            try socket.send(["type": "subscribe", "id": "1", "payload": ["query": "subscription { tripsBooked }"]])
            try await Self.waitForSubscribers(server, 1)
            _ = try await user.data(Self.book, variables: ["ids": ["3", "4"]])
            let event = try await socket.next()
            #expect(event["type"] as? String == "next")
            #expect(event["id"] as? String == "1")
            #expect(dig(event, "payload", "data", "tripsBooked") as? Int == 2, "\(event)")

            _ = try await user.data("mutation { cancelTrip(launchId: \"3\") { success } }")
            #expect(dig(try await socket.next(), "payload", "data", "tripsBooked") as? Int == -1)

            // Validation errors come back as an error message for that id.
            try socket.send(["type": "subscribe", "id": "bad", "payload": ["query": "subscription { tripsBooked nope }"]])
            let error = try await socket.next()
            #expect(error["type"] as? String == "error")
            #expect(error["id"] as? String == "bad")
            #expect((error["payload"] as? [[String: Any]])?.isEmpty == false)

            try socket.send(["type": "complete", "id": "1"])
            try await waitUntil(stepBound, "the subscription ended", server.server) { $0 == 0 }
            socket.close()
            #expect(try await socket.closeCode() == 1000)
        }
    }

    @Test func legacyGraphQLWSReceivesTripsBooked() async throws {
        try await withServer { server in
            let user = try await server.client.login("legacy@example.com")
            let socket = WebSocketTestConnection(url: server.webSocketURL, subprotocol: "graphql-ws")
            try socket.send(["type": "connection_init", "payload": ["Authorization": user.token ?? ""]])
            #expect(try await socket.next()["type"] as? String == "connection_ack")
            #expect(try await socket.next(skippingKeepAlive: false)["type"] as? String == "ka")

            try socket.send(["type": "start", "id": "7", "payload": ["query": "subscription Trips { tripsBooked }", "operationName": "Trips"]])
            try await Self.waitForSubscribers(server, 1)
            _ = try await user.data(Self.book, variables: ["ids": ["5"]])
            let event = try await socket.next()
            #expect(event["type"] as? String == "data")
            #expect(event["id"] as? String == "7")
            #expect(dig(event, "payload", "data", "tripsBooked") as? Int == 1, "\(event)")

            try socket.send(["type": "stop", "id": "7"])
            let complete = try await socket.next()
            #expect(complete["type"] as? String == "complete")
            #expect(complete["id"] as? String == "7")

            try socket.send(["type": "connection_terminate"])
            #expect(try await socket.closeCode() == 1000)
        }
    }

    @Test func closeCodesOfGraphQLTransportWS() async throws {
        // A client that never sends `connection_init` is closed when its time is up: a server of
        // its own with little time, so that the other clients' inits never race the timeout.
        try await withServer(limits: ServerLimits(connectionInitTimeout: .milliseconds(300))) { server async throws in
            let silent = WebSocketTestConnection(url: server.webSocketURL, subprotocol: "graphql-transport-ws")
            #expect(try await silent.closeCode() == 4408)
        }
        try await withServer { server in
            let url = server.webSocketURL
            let protocolName = "graphql-transport-ws"

            let early = WebSocketTestConnection(url: url, subprotocol: protocolName)
            try early.send(["type": "subscribe", "id": "1", "payload": ["query": "subscription { tripsBooked }"]])
            #expect(try await early.closeCode() == 4401)

            let twice = WebSocketTestConnection(url: url, subprotocol: protocolName)
            try twice.send(["type": "connection_init"])
            try twice.send(["type": "connection_init"])
            #expect(try await twice.next()["type"] as? String == "connection_ack")
            #expect(try await twice.closeCode() == 4429)

            let forbidden = WebSocketTestConnection(url: url, subprotocol: protocolName)
            try forbidden.send(["type": "connection_init", "payload": ["authorization": "unknown-token"]])
            #expect(try await forbidden.closeCode() == 4403)

            let duplicate = WebSocketTestConnection(url: url, subprotocol: protocolName)
            try duplicate.send(["type": "connection_init"])
            #expect(try await duplicate.next()["type"] as? String == "connection_ack")
            try duplicate.send(["type": "subscribe", "id": "same", "payload": ["query": "subscription { tripsBooked }"]])
            try duplicate.send(["type": "subscribe", "id": "same", "payload": ["query": "subscription { tripsBooked }"]])
            #expect(try await duplicate.closeCode() == 4409)

            let badSubscribe = WebSocketTestConnection(url: url, subprotocol: protocolName)
            try badSubscribe.send(["type": "connection_init"])
            #expect(try await badSubscribe.next()["type"] as? String == "connection_ack")
            try badSubscribe.send(["type": "subscribe", "id": "x", "payload": "not an object"])
            #expect(try await badSubscribe.closeCode() == 4400)

            // Closed connections leave no subscription behind.
            try await waitUntil(stepBound, "no subscription is left", server.server) { $0 == 0 }
        }
    }
}
