import Foundation
import RocketReserverServer
import Testing

/// Subscriptions over HTTP as an incremental multipart/mixed response.
@Suite struct MultipartSubscriptionTests {
    @Test func multipartSubscriptionReceivesEventsAndHeartbeats() async throws {
        try await withServer(limits: ServerLimits(heartbeatInterval: .milliseconds(300))) { server in
            let user = try await server.client.login("multipart@example.com")
            let connection = try RawHTTPConnection(port: server.port)
            let body = #"{"query":"subscription { tripsBooked }"}"#
            try await connection.send(
                "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n"
                    + "Accept: multipart/mixed;subscriptionSpec=1.0, application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            let head = try await connection.read(timeout: stepBound) { $0.contains("\r\n\r\n") }
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(head.lowercased().contains("content-type: multipart/mixed; boundary=\"graphql\"; subscriptionspec=1.0"))

            try await waitUntil(stepBound, "the subscription listens", server.server) { $0 == 1 }
            _ = try await user.data("mutation { bookTrips(launchIds: [\"8\", \"9\", \"11\"]) { success } }")
            let received = try await connection.read(timeout: stepBound) { $0.contains(#"{"payload":{"data":{"tripsBooked":3}}}"#) }
            #expect(received.contains("--graphql"))
            #expect(received.contains("content-type: application/json"))

            // An idle stream sends empty heartbeat parts.
            let heartbeat = try await connection.read(timeout: stepBound) { $0.contains("\r\n\r\n{}\r\n--graphql") }
            #expect(heartbeat.contains("{}"))
        }
    }

    @Test func invalidSubscriptionIsAnOrdinaryErrorResponse() async throws {
        try await withServer { server in
            let result = try await server.client.post(
                "subscription { tripsBooked launches { cursor } }", headers: ["Accept": "multipart/mixed;subscriptionSpec=1.0, application/json"]
            )
            #expect(result.contentType.hasPrefix("application/json"))
            #expect(!result.errorMessages.isEmpty, "\(result.text)")
        }
    }
}
