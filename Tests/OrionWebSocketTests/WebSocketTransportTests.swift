import Foundation
@testable import Orion
import OrionAPI
@testable import OrionWebSocket
import Testing

/// The transport in `graphql-transport-ws`, against a scripted server, message by message as
/// the protocol describes them.
@Suite struct WebSocketTransportTests {
    @Test func connectsLazilyThenInitAckSubscribeNextComplete() async throws {
        let harness = TransportHarness()
        #expect(harness.connector.connectAttempts == 0, "no socket before the first operation")
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription(from: 3)))
        let connection = try await harness.accept()
        #expect(connection.subprotocol == "graphql-transport-ws")
        let (id, payload) = try await harness.nextStart(on: connection)
        #expect(payload["query"] == .string(CounterSubscription.operationDocument.text))
        #expect(payload["operationName"] == .string("Counter"))
        #expect(payload["variables"] == .object(["from": .int(3)]))

        connection.serverSends(.next(id: id, payload: countPayload(3)))
        connection.serverSends(.next(id: id, payload: countPayload(4)))
        connection.serverSends(.complete(id: id))
        #expect(try await recorder.nextData()?.count == 3)
        guard case .event(let event) = try await recorder.next() else { throw HarnessError(description: "expected an event") }
        #expect(event.result.data?.count == 4)
        #expect(event.result.source == .server)
        #expect(event.dataObject != nil, "the data the cache write needs")
        guard case .finished = try await recorder.next() else { throw HarnessError(description: "expected the end") }
    }

    @Test func operationsWaitForTheAck() async throws {
        let harness = TransportHarness()
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.connector.nextConnection()
        #expect(try await connection.nextSentTransportWS() == .connectionInit(payload: ["token": .string("a")]))
        // A ping before the ack: the answer is the next message, so nothing was sent in between.
        connection.serverSends(.ping(payload: ["n": .int(1)]))
        #expect(try await connection.nextSentTransportWS() == .pong(payload: ["n": .int(1)]))
        connection.serverSends(.connectionAck(payload: nil))
        let (id, _) = try await harness.nextStart(on: connection)
        connection.serverSends(.next(id: id, payload: countPayload(1)))
        #expect(try await recorder.nextData()?.count == 1)
    }

    @Test func answersPingWithPongAndIgnoresPong() async throws {
        let harness = TransportHarness()
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        connection.serverSends(.pong(payload: nil))
        connection.serverSends(.ping(payload: nil))
        #expect(try await connection.nextSentTransportWS() == .pong(payload: nil))
        connection.serverSends(.next(id: id, payload: countPayload(7)))
        #expect(try await recorder.nextData()?.count == 7)
    }

    @Test func errorEndsOnlyItsOperationWithTheGraphQLErrors() async throws {
        let harness = TransportHarness()
        let failing = Recorder(harness.transport.subscribe(CounterSubscription(from: 1)))
        let connection = try await harness.accept()
        let (failingID, _) = try await harness.nextStart(on: connection)
        let other = Recorder(harness.transport.subscribe(CounterSubscription(from: 2)))
        let (otherID, _) = try await harness.nextStart(on: connection)

        connection.serverSends(#"{"type":"error","id":"\#(failingID)","payload":[{"message":"no such counter","path":["count"]}]}"#)
        let error = try await failing.nextError()
        guard case WebSocketTransportError.operationFailed(let errors) = error else { throw HarnessError(description: "got \(error)") }
        #expect(errors.map(\.message) == ["no such counter"])
        #expect(errors.first?.path == [.key("count")])

        connection.serverSends(.next(id: otherID, payload: countPayload(2)))
        #expect(try await other.nextData()?.count == 2, "the socket and the other operation go on")
    }

    @Test func messagesForUnknownIDsAreIgnored() async throws {
        let harness = TransportHarness()
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        // An operation the client stopped may still get the server's messages that crossed its stop.
        connection.serverSends(.next(id: "999", payload: countPayload(0)))
        connection.serverSends(.error(id: "999", payload: [.object(["message": .string("late")])]))
        connection.serverSends(.complete(id: "999"))
        connection.serverSends(.next(id: id, payload: countPayload(5)))
        #expect(try await recorder.nextData()?.count == 5)
        #expect(connection.clientCloseCode == nil)
    }

    @Test(arguments: [
        #"{"type":"surprise"}"#,
        #"{"type":"next","id":"1","payload":{"data":"#,
        #"["not","an","object"]"#,
        #"{"type":"next","payload":{"data":{}}}"#,
        #"{"type":"error","id":"1","payload":{"message":"not a list"}}"#,
    ])
    func malformedMessagesAreProtocolErrorsThatClose4400(text: String) async throws {
        let harness = TransportHarness(reconnection: .init(initialDelay: 0.01, maxDelay: 0.01, maxAttempts: 5))
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        _ = try await harness.nextStart(on: connection)
        connection.serverSends(text)
        let error = try await recorder.nextError()
        guard case WebSocketTransportError.protocolViolation = error else { throw HarnessError(description: "got \(error)") }
        #expect(try await connection.waitForClientClose() == .invalidMessage)
        #expect(harness.connector.connectAttempts == 1, "no reconnect after a protocol violation")
    }

    @Test func aClientMessageFromTheServerIsAProtocolError() async throws {
        let harness = TransportHarness()
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        _ = try await harness.nextStart(on: connection)
        connection.serverSends(.subscribe(id: "1", payload: ["query": .string("{ x }")]))
        let error = try await recorder.nextError()
        #expect(error as? WebSocketTransportError == .unexpectedMessage(type: "subscribe"))
        #expect(try await connection.waitForClientClose() == .invalidMessage)
    }

    @Test(arguments: [4400, 4401, 4403, 4406])
    func closeCodesThatBlameTheClientEndOperationsWithoutReconnecting(code: Int) async throws {
        let harness = TransportHarness(reconnection: .init(initialDelay: 0.01, maxDelay: 0.01, maxAttempts: 5))
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        _ = try await harness.nextStart(on: connection)
        connection.serverCloses(WebSocketCloseCode(rawValue: code), reason: "because")
        let error = try await recorder.nextError()
        #expect(error as? WebSocketTransportError == .closed(code: WebSocketCloseCode(rawValue: code), reason: "because"))
        #expect("\(error)".contains(WebSocketCloseCode(rawValue: code).description))
        #expect(harness.connector.connectAttempts == 1)
    }

    @Test(arguments: [4409, 4429, 4500, 1001, 1006, 1011])
    func otherCloseCodesEndOperationsOnlyWhenReconnectingGivesUp(code: Int) async throws {
        let harness = TransportHarness(reconnection: .never)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        _ = try await harness.nextStart(on: connection)
        connection.serverCloses(WebSocketCloseCode(rawValue: code))
        let error = try await recorder.nextError()
        #expect(error as? WebSocketTransportError == .closed(code: WebSocketCloseCode(rawValue: code), reason: ""))
    }

    @Test func queriesRunOverTheSocket() async throws {
        let harness = TransportHarness()
        let result = Task { try await harness.transport.send(TotalQuery(), files: []) }
        let connection = try await harness.accept()
        let (id, payload) = try await harness.nextStart(on: connection)
        #expect(payload["operationName"] == .string("Total"))
        #expect(payload["variables"] == nil)
        connection.serverSends(.next(id: id, payload: Data(#"{"data":{"total":42}}"#.utf8)))
        connection.serverSends(.complete(id: id))
        #expect(try await withTimeout { try await result.value }.data?.total == 42)
    }

    @Test func aQueryCompletedWithoutAResultFails() async throws {
        let harness = TransportHarness()
        let task = Task { try await harness.transport.send(TotalQuery(), files: []) }
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        connection.serverSends(.complete(id: id))
        await #expect(throws: WebSocketTransportError.completedWithoutResult(operationName: "Total")) {
            try await withTimeout { try await task.value }
        }
    }

    @Test func cancellingSendsComplete() async throws {
        let harness = TransportHarness()
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        recorder.cancel()
        #expect(try await connection.nextSentTransportWS() == .complete(id: id))
    }

    // A result of the wrong shape: WebSocketMalformedEventTests (an error of that event; the
    // subscription goes on).

    @Test func tenThousandEventsArriveAllAndInOrder() async throws {
        let harness = TransportHarness()
        let stream = harness.transport.subscribe(CounterSubscription())
        let connection = try await withTimeout {
            try await harness.accept()
        }
        let counts = Task {
            var counts: [Int] = []
            for try await event in stream { counts.append(event.result.data?.count ?? -1) }
            return counts
        }
        let (id, _) = try await harness.nextStart(on: connection)
        for count in 0..<10_000 { connection.serverSends(.next(id: id, payload: countPayload(count))) }
        connection.serverSends(.complete(id: id))
        let received = try await withTimeout(30) { try await counts.value }
        #expect(received == Array(0..<10_000))
    }

    @Test func uploadsAreRefused() async throws {
        let harness = TransportHarness()
        await #expect(throws: WebSocketTransportError.uploadsNotSupported) {
            try await harness.transport.send(TotalQuery(), files: [
                GraphQLFile(variablePath: "file", fileURL: URL(fileURLWithPath: "/dev/null")),
            ])
        }
    }
}
