import Foundation
@testable import Orion
import OrionAPI
@testable import OrionWebSocket
import Testing

/// What outlives a socket: reconnection with backoff, pause and resume, a new connection payload.
@Suite struct WebSocketTransportReconnectionTests {
    private static let quick = WebSocketTransport.ReconnectionPolicy(initialDelay: 0.01, maxDelay: 0.05, maxAttempts: 5)

    @Test(arguments: [WebSocketTransport.SubprotocolChoice.graphqlTransportWS, .graphqlWS])
    func aDropReconnectsAndRestartsEveryOperation(subprotocol: WebSocketTransport.SubprotocolChoice) async throws {
        let harness = TransportHarness(subprotocol, reconnection: Self.quick)
        let first = Recorder(harness.transport.subscribe(CounterSubscription(from: 1)))
        let second = Recorder(harness.transport.subscribe(CounterSubscription(from: 2)))
        let connection = try await harness.accept()
        let (firstID, _) = try await harness.nextStart(on: connection)
        let (secondID, _) = try await harness.nextStart(on: connection)
        connection.serverCloses(.abnormalClosure)

        let again = try await harness.accept()
        let restarted = [try await harness.nextStart(on: again), try await harness.nextStart(on: again)]
        #expect(restarted.map(\.id) == [firstID, secondID], "the same operations, in order")
        #expect(restarted.map { $0.payload["variables"] } == [.object(["from": .int(1)]), .object(["from": .int(2)])])
        let next: (String, Int) -> String = { id, count in
            subprotocol == .graphqlWS
                ? LegacyGraphQLWSMessage.data(id: id, payload: countPayload(count)).encoded()
                : GraphQLTransportWSMessage.next(id: id, payload: countPayload(count)).encoded()
        }
        again.serverSends(next(secondID, 20))
        again.serverSends(next(firstID, 10))
        #expect(try await first.nextData()?.count == 10)
        #expect(try await second.nextData()?.count == 20)
    }

    @Test func failedConnectsBackOffAndGiveUpWithTheLastError() async throws {
        let harness = TransportHarness(reconnection: .init(initialDelay: 0.01, maxDelay: 0.02, maxAttempts: 3))
        harness.connector.refuse(next: 10)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let error = try await recorder.nextError()
        #expect(error as? WebSocketTransportError == .connectionFailed(reason: "refused by the test"))
        #expect(harness.connector.connectAttempts == 4, "the first connect and three more")
    }

    @Test func refusedConnectsAreRetriedUntilOneSucceeds() async throws {
        let harness = TransportHarness(reconnection: Self.quick)
        harness.connector.refuse(next: 2)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        connection.serverSends(.next(id: id, payload: countPayload(1)))
        #expect(try await recorder.nextData()?.count == 1)
        #expect(harness.connector.connectAttempts == 3)
    }

    @Test func serverErrorClosesAreRetried() async throws {
        let harness = TransportHarness(reconnection: Self.quick)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        connection.serverCloses(.internalError)
        let again = try await harness.accept()
        #expect(try await harness.nextStart(on: again).id == id)
        again.serverSends(.next(id: id, payload: countPayload(3)))
        #expect(try await recorder.nextData()?.count == 3)
    }

    @Test func noAckInTimeFailsWithAClearError() async throws {
        let harness = TransportHarness(ackTimeout: 0.1)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.connector.nextConnection()
        _ = try await connection.nextSentTransportWS()
        let error = try await recorder.nextError()
        #expect(error as? WebSocketTransportError == .connectionAckTimeout(seconds: 0.1))
        #expect("\(error)".contains("connection_init"))
        #expect(connection.clientCloseCode != nil, "the socket that never acknowledged is closed")
    }

    @Test func pauseClosesAndResumeRestarts() async throws {
        let harness = TransportHarness(reconnection: Self.quick)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)
        await harness.transport.pause()
        #expect(connection.clientCloseCode == .normalClosure)
        #expect(harness.connector.connectAttempts == 1, "paused: no reconnect")

        await harness.transport.resume()
        let again = try await harness.accept()
        #expect(try await harness.nextStart(on: again).id == id)
        again.serverSends(.next(id: id, payload: countPayload(8)))
        #expect(try await recorder.nextData()?.count == 8)
    }

    @Test func aNewPayloadIsUsedByTheNextConnection() async throws {
        let harness = TransportHarness(reconnection: Self.quick)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        let connection = try await harness.accept()
        let (id, _) = try await harness.nextStart(on: connection)

        await harness.transport.updateConnectingPayload(["token": .string("b")])
        #expect(connection.clientCloseCode == nil, "without reconnect, the socket stays")
        connection.serverCloses(.goingAway)
        let second = try await harness.accept(expectingPayload: ["token": .string("b")])
        #expect(try await harness.nextStart(on: second).id == id)

        await harness.transport.updateConnectingPayload(["token": .string("c")], reconnect: true)
        #expect(try await second.waitForClientClose() == .normalClosure)
        let third = try await harness.accept(expectingPayload: ["token": .string("c")])
        #expect(try await harness.nextStart(on: third).id == id)
        third.serverSends(.next(id: id, payload: countPayload(4)))
        #expect(try await recorder.nextData()?.count == 4)
    }

    @Test func aSentMutationFailsOnADropInsteadOfRunningTwice() async throws {
        let harness = TransportHarness(reconnection: Self.quick)
        let subscription = Recorder(harness.transport.subscribe(CounterSubscription()))
        let mutation = Task { try await harness.transport.send(IncrementMutation(), files: []) }
        let connection = try await harness.accept()
        let (subscriptionID, _) = try await harness.nextStart(on: connection)
        _ = try await harness.nextStart(on: connection)
        connection.serverCloses(.goingAway)
        await #expect(throws: WebSocketTransportError.closed(code: .goingAway, reason: "")) {
            try await withTimeout { try await mutation.value }
        }
        let again = try await harness.accept()
        #expect(try await harness.nextStart(on: again).id == subscriptionID, "only the subscription restarts")
        again.serverSends(.next(id: subscriptionID, payload: countPayload(1)))
        #expect(try await subscription.nextData()?.count == 1)
    }

    @Test func aServerThatAcknowledgesAndDropsGetsGrowingJitteredDelaysAndThenTheError() async throws {
        // The clock's random fraction is 0.5, so each delay loses half of its jitter (0.5): 3/4.
        let clock = TestClock(random: 0.5)
        let harness = TransportHarness(reconnection: .init(initialDelay: 1, maxDelay: 8, maxAttempts: 4, jitter: 0.5), clock: clock)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        var delays: [Double] = []
        for attempt in 0...4 {
            let connection = try await harness.accept()
            _ = try await harness.nextStart(on: connection)
            connection.serverCloses(.goingAway)
            guard attempt < 4 else { break }
            let delay = try await clock.nextSleep()
            delays.append(delay)
            clock.advance(by: delay)
        }
        #expect(delays == [0.75, 1.5, 3, 6], "doubling from 1 s, each shortened by the jitter")
        #expect(try await recorder.nextError() as? WebSocketTransportError == .closed(code: .goingAway, reason: ""))
        #expect(harness.connector.connectAttempts == 5, "the first connect and four more")
    }

    /// The same over a real socket: a server of the tests' own that acknowledges, reads the
    /// subscription, and drops the connection, every time.
    @Test func aRealServerThatAcknowledgesAndDropsGetsBoundedJitteredReconnects() async throws {
        let server = try FaultServer(.acknowledgeAndDrop)
        let clock = TestClock(random: 0.5)
        let transport = WebSocketTransport(configuration: .init(
            url: server.webSocketURL, reconnection: .init(initialDelay: 1, maxDelay: 8, maxAttempts: 4, jitter: 0.5), clock: clock))
        let recorder = Recorder(transport.subscribe(CounterSubscription()))
        var delays: [Double] = []
        for _ in 0..<4 {
            let delay = try await clock.nextSleep()
            delays.append(delay)
            clock.advance(by: delay)
        }
        #expect(delays == [0.75, 1.5, 3, 6], "doubling from 1 s, each shortened by the jitter")
        guard case .closed(let code, _)? = try await recorder.nextError() as? WebSocketTransportError else {
            Issue.record("expected the drop as the error")
            return
        }
        #expect(code == .abnormalClosure, "a connection that ended without a close frame")
    }

    @Test func aSocketThatDeliversAResultStartsTheCountAgain() async throws {
        let clock = TestClock(random: 0)
        let harness = TransportHarness(reconnection: .init(initialDelay: 1, maxDelay: 8, maxAttempts: 2), clock: clock)
        let recorder = Recorder(harness.transport.subscribe(CounterSubscription()))
        var delays: [Double] = []
        for count in 1...4 {
            let connection = try await harness.accept()
            let (id, _) = try await harness.nextStart(on: connection)
            connection.serverSends(.next(id: id, payload: countPayload(count)))
            #expect(try await recorder.nextData()?.count == count)
            connection.serverCloses(.goingAway)
            let delay = try await clock.nextSleep()
            delays.append(delay)
            clock.advance(by: delay)
        }
        #expect(delays == [1, 1, 1, 1], "each socket worked: every drop is a first attempt")
    }

    @Test func aSocketThatLastsTheMaximumDelayAfterItsAckCountsAsWorking() async throws {
        let clock = TestClock(random: 0)
        let harness = TransportHarness(reconnection: .init(initialDelay: 1, maxDelay: 8, maxAttempts: 2), clock: clock)
        _ = Recorder(harness.transport.subscribe(CounterSubscription()))
        let first = try await harness.accept()
        _ = try await harness.nextStart(on: first)
        first.serverCloses(.goingAway)
        #expect(try await clock.nextSleep() == 1)
        clock.advance(by: 1)
        let second = try await harness.accept()
        _ = try await harness.nextStart(on: second)
        clock.advance(by: 8)
        second.serverCloses(.goingAway)
        #expect(try await clock.nextSleep() == 1, "a socket that lasted is not a failed attempt")
    }

    @Test func theDelayDoublesUpToTheMaximum() {
        let policy = WebSocketTransport.ReconnectionPolicy(initialDelay: 0.5, maxDelay: 3, maxAttempts: nil)
        #expect((1...5).map { policy.delay(beforeAttempt: $0) } == [0.5, 1, 2, 3, 3])
        #expect(policy.delay(beforeAttempt: 4, randomFraction: 0.999) > 1.5, "jitter takes at most half")
        #expect(policy.delay(beforeAttempt: 4, randomFraction: 0) == 3)
        #expect(policy.allows(attempt: 1_000))
        #expect(!WebSocketTransport.ReconnectionPolicy.never.allows(attempt: 1))
    }
}
