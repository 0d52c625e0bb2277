import Foundation
@testable import Orion
import OrionAPI
@testable import OrionWebSocket
import Testing

/// The transport in the legacy `graphql-ws` subprotocol of subscriptions-transport-ws, against a
/// scripted server.
@Suite struct LegacyWebSocketTransportTests {
    @Test func initAckStartDataComplete() async throws {
        let harness = TransportHarness(.graphqlWS)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription(from: 9)))
        let connection = try await harness.accept()
        #expect(connection.subprotocol == "graphql-ws")
        let (id, payload) = try await harness.nextStart(on: connection)
        #expect(payload["variables"] == .object(["from": .int(9)]))
        connection.serverSendsLegacy(.keepAlive)
        connection.serverSendsLegacy(.data(id: id, payload: countPayload(9)))
        connection.serverSendsLegacy(.keepAlive)
        connection.serverSendsLegacy(.data(id: id, payload: countPayload(10)))
        connection.serverSendsLegacy(.complete(id: id))
        #expect(try await recorder.nextData()?.count == 9)
        #expect(try await recorder.nextData()?.count == 10)
        guard case .finished = try await recorder.next() else { throw HarnessError(description: "expected the end") }
    }

    @Test func errorEndsTheOperationWithItsError() async throws {
        let harness = TransportHarness(.graphqlWS)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        connection.serverSendsLegacy(.error(id: id, payload: ["message": .string("Cannot query field \"count\"")]))
        let error = try await recorder.nextError()
        #expect(error as? WebSocketTransportError == .operationFailed(errors: [GraphQLError(message: "Cannot query field \"count\"")]))
    }

    @Test func connectionErrorBeforeTheAckRejectsTheConnection() async throws {
        let harness = TransportHarness(.graphqlWS, reconnection: .init(initialDelay: 0.01, maxDelay: 0.01, maxAttempts: 5))
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.connector.nextConnection()
        _ = try await connection.nextSentLegacy()
        connection.serverSendsLegacy(.connectionError(payload: .object(["message": .string("bad token")])))
        let error = try await recorder.nextError()
        #expect(error as? WebSocketTransportError == .connectionRejected(payload: .object(["message": .string("bad token")])))
        #expect(harness.connector.connectAttempts == 1)
    }

    @Test func cancellingSendsStopAndPausingSendsConnectionTerminate() async throws {
        let harness = TransportHarness(.graphqlWS)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let keep = Recorder(harness.transport.subscribe(CounterSubscription(from: 1)))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        _ = try await harness.nextStart(on: connection)
        recorder.cancel()
        #expect(try await connection.nextSentLegacy() == .stop(id: id))
        await harness.transport.pause()
        #expect(try await connection.nextSentLegacy() == .connectionTerminate)
        #expect(try await connection.waitForClientClose() == .normalClosure)
        keep.cancel()
    }

    @Test(arguments: [
        LegacyGraphQLWSMessage.connectionInit(payload: nil), .connectionTerminate, .start(id: "1", payload: ["query": .string("{ x }")]), .stop(id: "1"),
    ])
    func clientMessagesFromTheServerAreProtocolErrors(message: LegacyGraphQLWSMessage) async throws {
        let harness = TransportHarness(.graphqlWS)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        _ = try await harness.nextStart(on: connection)
        connection.serverSendsLegacy(message)
        #expect(try await recorder.nextError() as? WebSocketTransportError == .unexpectedMessage(type: message.type))
    }

    @Test func unknownTypesAreProtocolErrors() async throws {
        let harness = TransportHarness(.graphqlWS)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        _ = try await harness.nextStart(on: connection)
        connection.serverSends(#"{"type":"next","id":"1","payload":{}}"#)
        let error = try await recorder.nextError()
        guard case WebSocketTransportError.protocolViolation(.unknownType(_, "next", _)) = error else { throw HarnessError(description: "got \(error)") }
        #expect(try await connection.waitForClientClose() == WebSocketCloseCode(rawValue: 1002))
    }
}
