import Foundation
import Orion
import OrionAPI
@testable import OrionWebSocket
import Testing

/// A transport on a fake connector, with the steps of a server's side of the handshake.
struct TransportHarness {
    let connector = FakeConnector()
    let transport: WebSocketTransport

    init(
        _ subprotocol: WebSocketTransport.SubprotocolChoice = .graphqlTransportWS, payload: [String: JSONValue]? = ["token": .string("a")],
        reconnection: WebSocketTransport.ReconnectionPolicy = .never, ackTimeout: Double = harnessPatience,
        clock: any WebSocketClock = SystemWebSocketClock()
    ) {
        transport = WebSocketTransport(configuration: .init(
            url: URL(string: "ws://127.0.0.1:1/graphql")!, subprotocol: subprotocol, connectingPayload: payload,
            reconnection: reconnection, connectionAckTimeout: ackTimeout, connector: connector, clock: clock))
    }

    /// Takes the next socket, reads its `connection_init` and acknowledges it.
    @discardableResult
    func accept(expectingPayload payload: [String: JSONValue]? = ["token": .string("a")]) async throws -> FakeWebSocketConnection {
        let connection = try await connector.nextConnection()
        switch transport.configuration.subprotocol {
        case .graphqlTransportWS:
            #expect(try await connection.nextSentTransportWS() == .connectionInit(payload: payload))
            connection.serverSends(.connectionAck(payload: nil))
        case .graphqlWS:
            #expect(try await connection.nextSentLegacy() == .connectionInit(payload: payload))
            connection.serverSendsLegacy(.connectionAck)
        }
        return connection
    }

    /// Reads a `subscribe` (or legacy `start`) and returns its id and payload.
    func nextStart(on connection: FakeWebSocketConnection) async throws -> (id: String, payload: [String: JSONValue]) {
        switch transport.configuration.subprotocol {
        case .graphqlTransportWS:
            let message = try await connection.nextSentTransportWS()
            guard case .subscribe(let id, let payload) = message else { throw HarnessError(description: "expected subscribe, got \(message)") }
            return (id, payload)
        case .graphqlWS:
            let message = try await connection.nextSentLegacy()
            guard case .start(let id, let payload) = message else { throw HarnessError(description: "expected start, got \(message)") }
            return (id, payload)
        }
    }
}

/// A `next` payload for `CounterSubscription`.
func countPayload(_ count: Int) -> Data {
    Data(#"{"data":{"count":\#(count)}}"#.utf8)
}
