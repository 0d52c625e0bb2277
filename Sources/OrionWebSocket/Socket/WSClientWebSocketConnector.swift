#if canImport(WSClient) && !canImport(Darwin)
import Foundation
import HTTPTypes
import Logging
import Orion
import WSClient

/// Opens WebSockets with swift-websocket's `WebSocketClient`: the client on Linux, where
/// Foundation has none.
public struct WSClientWebSocketConnector: WebSocketConnector {
    /// The largest message accepted from the server, in bytes.
    public var maxMessageSize: Int

    public init(maxMessageSize: Int = 1 << 24) {
        self.maxMessageSize = maxMessageSize
    }

    public func connect(url: URL, subprotocol: String, headers: [String: String]) async throws -> any WebSocketConnection {
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders[.secWebSocketProtocol] = subprotocol
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { configuration.additionalHeaders[name] = value }
        }
        configuration.maxFrameSize = maxMessageSize
        configuration.closeTimeout = .seconds(2)
        let connection = WSClientConnection(maxMessageSize: maxMessageSize)
        try await connection.open(url: url.absoluteString, configuration: configuration)
        return connection
    }
}

/// Bridges `WebSocketClient`, which calls a handler for the whole life of the socket, to the
/// pull-based `WebSocketConnection`: received frames go through one stream, frames to send
/// through another, and the handler pumps both.
final class WSClientConnection: WebSocketConnection {
    private enum Outgoing: Sendable {
        case text(String)
        case close(WebSocketCloseCode)
    }

    private let maxMessageSize: Int
    private let incoming: AsyncStream<WebSocketFrame>
    private let incomingContinuation: AsyncStream<WebSocketFrame>.Continuation
    private let outgoing: AsyncStream<Outgoing>
    private let outgoingContinuation: AsyncStream<Outgoing>.Continuation
    /// Resumed once: when the handler starts (the upgrade succeeded) or the client fails first.
    private let opened = Mutex<CheckedContinuation<Void, any Error>?>(nil)

    init(maxMessageSize: Int) {
        self.maxMessageSize = maxMessageSize
        (incoming, incomingContinuation) = AsyncStream.makeStream()
        (outgoing, outgoingContinuation) = AsyncStream.makeStream()
    }

    func open(url: String, configuration: WebSocketClientConfiguration) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            opened.withLock { $0 = continuation }
            Task { await run(url: url, configuration: configuration) }
        }
    }

    private func run(url: String, configuration: WebSocketClientConfiguration) async {
        let logger = Logger(label: "orion.websocket") { _ in SwiftLogNoOpLogHandler() }
        do {
            let closeFrame = try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) { inbound, outbound, _ in
                self.resumeOpened(with: nil)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await frame in self.outgoing {
                            switch frame {
                            case .text(let text):
                                try await outbound.write(.text(text))
                            case .close(let code):
                                try await outbound.close(.init(codeNumber: code.rawValue), reason: nil)
                                return
                            }
                        }
                    }
                    for try await message in inbound.messages(maxSize: self.maxMessageSize) {
                        // The GraphQL subprotocols send text only; binary frames are not theirs.
                        if case .text(let text) = message { self.incomingContinuation.yield(.text(text)) }
                    }
                    group.cancelAll()
                }
            }
            let code = closeFrame.map { WebSocketCloseCode(rawValue: Int(UInt16(webSocketErrorCode: $0.closeCode))) } ?? .abnormalClosure
            finish(.close(code: code, reason: closeFrame?.reason ?? ""))
            resumeOpened(with: WebSocketTransportError.connectionFailed(reason: "the server closed the socket during the upgrade (\(code))"))
        } catch {
            finish(.close(code: .abnormalClosure, reason: "\(error)"))
            resumeOpened(with: WebSocketTransportError.connectionFailed(reason: "\(error)"))
        }
    }

    private func resumeOpened(with error: (any Error)?) {
        guard let continuation = opened.withLock({ state in defer { state = nil }; return state }) else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }

    private func finish(_ frame: WebSocketFrame) {
        incomingContinuation.yield(frame)
        incomingContinuation.finish()
        outgoingContinuation.finish()
    }

    func send(text: String) async throws {
        outgoingContinuation.yield(.text(text))
    }

    func receive() async throws -> WebSocketFrame {
        var iterator = incoming.makeAsyncIterator()
        return await iterator.next() ?? .close(code: .abnormalClosure, reason: "the connection is closed")
    }

    func close(code: WebSocketCloseCode) async {
        outgoingContinuation.yield(.close(code))
        outgoingContinuation.finish()
        // Without waiting for the server's answer: the transport is done with this socket.
        incomingContinuation.yield(.close(code: code, reason: "closed by the client"))
        incomingContinuation.finish()
    }
}
#endif
