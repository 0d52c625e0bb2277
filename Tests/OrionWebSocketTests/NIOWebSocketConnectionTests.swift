#if canImport(NIOWebSocket) && !canImport(Darwin)
import Foundation
import Orion
@testable import OrionWebSocket
import Testing

/// The NIO client reading messages from a real socket, from a server of the tests' own
/// (`FaultServer`): a message in fragments is joined before it is decoded, even when a fragment
/// ends inside a character, and a message over the size limit closes the socket with 1009.
@Suite struct NIOWebSocketConnectionTests {
    @Test func fragmentsAreJoinedAndAnOversizedMessageClosesWith1009() async throws {
        let server = try FaultServer(.fragments)
        let transport = WebSocketTransport(
            url: server.webSocketURL, reconnection: .never, connector: NIOWebSocketConnector(maxMessageSize: 3000))
        let recorder = Recorder(transport.subscribe(CounterSubscription()))
        guard case .event(let first) = try await recorder.next() else {
            Issue.record("expected the result sent in three fragments")
            return
        }
        #expect(first.result.data?.count == 1)
        #expect(first.result.extensions?["note"] == .string("caf\u{e9}"))
        #expect(try await recorder.nextData()?.count == 2)
        // 4,096 bytes in two frames of 2,048: the first passes the limit of 3,000, the second does not.
        let error = try await recorder.nextError() as? WebSocketTransportError
        guard case .closed(let code, let reason)? = error else {
            Issue.record("expected the close for the oversized message, got \(String(describing: error))")
            return
        }
        #expect(code.rawValue == 1009)
        #expect(reason.contains("larger than 3000 bytes"), "\(reason)")
    }

    /// Results are delivered on the event loop as they are read, other messages by the
    /// transport's actor: a result read after an `error` that is still on its way there must not
    /// overtake it (here it must be dropped, as the operation is over). The server writes the four
    /// messages at once, so the event loop reads the last while the error waits for the actor.
    @Test func aResultReadAfterAnErrorDoesNotOvertakeIt() async throws {
        let server = try FaultServer(.resultAfterError)
        let transport = WebSocketTransport(url: server.webSocketURL, reconnection: .never, connector: NIOWebSocketConnector())
        let recorder = Recorder(transport.subscribe(CounterSubscription()))
        #expect(try await recorder.nextData()?.count == 1)
        let error = try await recorder.nextError()
        guard case .operationFailed(let errors)? = error as? WebSocketTransportError else {
            Issue.record("expected the operation's error after the first result, got \(error)")
            return
        }
        #expect(errors.map(\.message) == ["the counter broke"])
        await transport.pause()
    }
}
#endif
