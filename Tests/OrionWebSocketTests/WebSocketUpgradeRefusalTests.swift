import Foundation
import Orion
@testable import OrionWebSocket
import Testing

/// An upgrade the server refuses is reported at once, with its status, and not retried; on the
/// wire, the request carried one Origin.
@Suite struct WebSocketUpgradeRefusalTests {
    #if os(Linux)
    @Test func aRefusalThrowsItsStatusAndBody() async throws {
        let server = try FaultServer(.refuse)
        let url = URL(string: "ws://127.0.0.1:\(server.port)/graphql")!
        await #expect {
            _ = try await PlatformWebSocketConnector().connect(url: url, subprotocol: "graphql-transport-ws", headers: [:])
        } throws: { error in
            error as? WebSocketTransportError
                == .upgradeRefused(status: 403, reason: "Forbidden", body: "request 1; origins: ['http://127.0.0.1:\(server.port)']")
        }
    }

    @Test func theAppsOriginIsTheOnlyOneOnTheWire() async throws {
        let server = try FaultServer(.refuse)
        let url = URL(string: "ws://127.0.0.1:\(server.port)/graphql")!
        await #expect {
            _ = try await PlatformWebSocketConnector().connect(
                url: url, subprotocol: "graphql-transport-ws", headers: ["Origin": "https://app.example.com"])
        } throws: { error in
            error as? WebSocketTransportError
                == .upgradeRefused(status: 403, reason: "Forbidden", body: "request 1; origins: ['https://app.example.com']")
        }
    }

    @Test func theTransportFailsAtOnceWithoutRetrying() async throws {
        let server = try FaultServer(.refuse)
        // A policy that would retry for minutes: a refusal must not go through it.
        let transport = WebSocketTransport(configuration: .init(
            url: URL(string: "ws://127.0.0.1:\(server.port)/graphql")!,
            reconnection: .init(initialDelay: 60, maxDelay: 60, maxAttempts: 10), clock: TestClock()))
        let recorder = Recorder(transport.subscribe(CounterSubscription()))
        let error = try await recorder.nextError()
        #expect(error as? WebSocketTransportError
            == .upgradeRefused(status: 403, reason: "Forbidden", body: "request 1; origins: ['http://127.0.0.1:\(server.port)']"))
        #expect("\(error)".contains("HTTP 403 Forbidden"))
        #expect("\(error)".contains("Origin"), "the text says what to check")
    }
    #endif

    @Test func aClientErrorRefusalIsNotRetriedButAServerErrorIs() async throws {
        let refused = TransportHarness(reconnection: .init(initialDelay: 1, maxDelay: 1, maxAttempts: 5))
        refused.connector.refuse(next: 1, with: .upgradeRefused(status: 401, reason: "Unauthorized", body: "no token"))
        let recorder = Recorder(refused.transport.subscribe(CounterSubscription()))
        #expect(try await recorder.nextError() as? WebSocketTransportError == .upgradeRefused(status: 401, reason: "Unauthorized", body: "no token"))
        #expect(refused.connector.connectAttempts == 1)

        let clock = TestClock()
        let unavailable = TransportHarness(reconnection: .init(initialDelay: 1, maxDelay: 1, maxAttempts: 5, jitter: 0), clock: clock)
        unavailable.connector.refuse(next: 1, with: .upgradeRefused(status: 503, reason: "Service Unavailable", body: ""))
        let retried = Recorder(unavailable.transport.subscribe(CounterSubscription()))
        #expect(try await clock.nextSleep() == 1)
        clock.advance(by: 1)
        let connection = try await unavailable.accept()
        let (id, _) = try await unavailable.nextStart(on: connection)
        connection.serverSends(.next(id: id, payload: countPayload(1)))
        #expect(try await retried.nextData()?.count == 1)
    }
}
