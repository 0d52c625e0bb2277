import Foundation
import Orion
import OrionAPI
@testable import OrionWebSocket
import Testing

/// One subscription event the client cannot read is an error of that event, in band; the
/// subscription goes on with the events after it.
@Suite struct WebSocketMalformedEventTests {
    private func next(_ subprotocol: WebSocketTransport.SubprotocolChoice, id: String, _ payload: String) -> String {
        subprotocol == .graphqlWS
            ? LegacyGraphQLWSMessage.data(id: id, payload: Data(payload.utf8)).encoded()
            : GraphQLTransportWSMessage.next(id: id, payload: Data(payload.utf8)).encoded()
    }

    @Test(arguments: [WebSocketTransport.SubprotocolChoice.graphqlTransportWS, .graphqlWS])
    func dataOfTheWrongShapeBetweenTwoGoodEvents(subprotocol: WebSocketTransport.SubprotocolChoice) async throws {
        let harness = TransportHarness(subprotocol)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        connection.serverSends(next(subprotocol, id: id, #"{"data":{"count":1}}"#))
        connection.serverSends(next(subprotocol, id: id, #"{"data":{"count":"two"}}"#))
        connection.serverSends(next(subprotocol, id: id, #"{"data":{"count":3}}"#))

        #expect(try await recorder.nextData()?.count == 1)
        guard case .event(let bad) = try await recorder.next() else { throw HarnessError(description: "expected the bad event") }
        #expect(bad.result.data == nil)
        let error = try #require(bad.result.errors?.first)
        #expect(bad.result.errors?.count == 1)
        #expect(error.isMalformedEvent)
        #expect(error.path == [.key("count")], "where the data did not match")
        #expect(error.message.contains("count"))
        #expect(try await recorder.nextData()?.count == 3, "the event after it still arrives")
    }

    @Test func aPayloadThatIsNotAGraphQLResponseBetweenTwoGoodEvents() async throws {
        let harness = TransportHarness()
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        connection.serverSends(next(.graphqlTransportWS, id: id, #"{"data":{"count":1}}"#))
        connection.serverSends(next(.graphqlTransportWS, id: id, #"{"result":42}"#))
        connection.serverSends(next(.graphqlTransportWS, id: id, #"{"data":{"count":3}}"#))
        connection.serverSends(.complete(id: id))

        #expect(try await recorder.nextData()?.count == 1)
        guard case .event(let bad) = try await recorder.next() else { throw HarnessError(description: "expected the bad event") }
        #expect(bad.result.errors?.map(\.isMalformedEvent) == [true])
        #expect(bad.result.errors?.first?.path == [])
        #expect(try await recorder.nextData()?.count == 3)
        guard case .finished = try await recorder.next() else { throw HarnessError(description: "expected the end") }
    }

    @Test func aQuerysMalformedResultStillFailsTheQuery() async throws {
        let harness = TransportHarness()
        let query = Task { try await harness.transport.send(TotalQuery(), files: []) }
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        connection.serverSends(next(.graphqlTransportWS, id: id, #"{"data":{"total":"many"}}"#))
        connection.serverSends(.complete(id: id))
        await #expect(throws: ResponseParsingError.self) { try await withTimeout { try await query.value } }
    }
}
