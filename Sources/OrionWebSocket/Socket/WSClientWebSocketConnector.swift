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

/// Bridges `WebSocketClient`, which calls a handler for the whole life of the socket, to
/// `WebSocketConnection`: the handler's task reads the socket and hands each message straight to
/// the transport's frame handler (no stream between them: a hand-off between tasks costs more than
/// a small message); frames to send go through a stream the handler pumps.
final class WSClientConnection: WebSocketConnection {
    private enum Outgoing: Sendable {
        case text(String)
        case close(WebSocketCloseCode)
    }

    /// A `receiveFrames` call: its handler, and its caller waiting for the end.
    private struct Receiver {
        let id: Int
        let handle: @Sendable (WebSocketFrame) async -> Bool
        /// Resumed with `true` when the receiver is released.
        let done: CheckedContinuation<Bool, Never>
    }

    private struct State {
        /// Resumed once: when the handler starts (the upgrade succeeded) or the client fails first.
        var opened: CheckedContinuation<Void, any Error>?
        var receiver: Receiver?
        var receivers = 0
        /// The socket's reader, holding a message until a receiver comes.
        var reader: CheckedContinuation<Receiver?, Never>?
        /// Set when the connection is over: what every later receive gets.
        var end: WebSocketFrame?
        /// Whether the reader is in the receiver's handler.
        var delivering = false

        /// The receiver for the next frame: `.some(nil)` once the connection is over, `nil` when
        /// there is none yet.
        mutating func takeForDelivery() -> Receiver?? {
            if end != nil { return .some(nil) }
            guard let receiver else { return nil }
            delivering = true
            return .some(receiver)
        }
    }

    private let maxMessageSize: Int
    private let outgoing: AsyncStream<Outgoing>
    private let outgoingContinuation: AsyncStream<Outgoing>.Continuation
    private let state = Mutex(State())

    init(maxMessageSize: Int) {
        self.maxMessageSize = maxMessageSize
        (outgoing, outgoingContinuation) = AsyncStream.makeStream()
    }

    func open(url: String, configuration: WebSocketClientConfiguration) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            state.withLock { $0.opened = continuation }
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
                        if case .text(let text) = message { await self.deliver(.text(text)) }
                    }
                    group.cancelAll()
                }
            }
            let code = closeFrame.map { WebSocketCloseCode(rawValue: Int(UInt16(webSocketErrorCode: $0.closeCode))) } ?? .abnormalClosure
            await finish(.close(code: code, reason: closeFrame?.reason ?? ""))
            resumeOpened(with: WebSocketTransportError.connectionFailed(reason: "the server closed the socket during the upgrade (\(code))"))
        } catch {
            await finish(.close(code: .abnormalClosure, reason: "\(error)"))
            resumeOpened(with: WebSocketTransportError.connectionFailed(reason: "\(error)"))
        }
    }

    private func resumeOpened(with error: (any Error)?) {
        guard let continuation = state.withLock({ state in defer { state.opened = nil }; return state.opened }) else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }

    /// Hands a frame to the receiver, waiting for one if there is none yet; dropped once the
    /// client has closed.
    private func deliver(_ frame: WebSocketFrame) async {
        // `nil`: wait for a receiver; `.some(nil)`: the client has closed.
        let taken: Receiver?? = state.withLock { $0.takeForDelivery() }
        let receiver: Receiver?
        if let taken {
            receiver = taken
        } else {
            receiver = await withCheckedContinuation { continuation in
                let ready: Receiver?? = state.withLock { state in
                    if let ready = state.takeForDelivery() { return ready }
                    state.reader = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
        guard let receiver else { return }
        let wantsMore = await receiver.handle(frame)
        let released = state.withLock { state -> Receiver? in
            state.delivering = false
            // A client's close during the delivery left the release to it, so that the receiver
            // returns after its handler, not during it.
            guard !wantsMore || state.end != nil, state.receiver?.id == receiver.id else { return nil }
            defer { state.receiver = nil }
            return state.receiver
        }
        released?.done.resume(returning: true)
    }

    /// The socket is over: its close frame goes to the receiver, and to every later one.
    private func finish(_ frame: WebSocketFrame) async {
        outgoingContinuation.finish()
        let (receiver, reader) = state.withLock { state in
            if state.end == nil { state.end = frame }
            defer { state.receiver = nil; state.reader = nil }
            return (state.receiver, state.reader)
        }
        reader?.resume(returning: nil)
        if let receiver {
            _ = await receiver.handle(frame)
            receiver.done.resume(returning: true)
        }
    }

    func receiveFrames(_ handle: @escaping @Sendable (WebSocketFrame) async -> Bool) async {
        let registered: Bool = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            let (receiver, reader) = state.withLock { state -> (Receiver?, CheckedContinuation<Receiver?, Never>?) in
                guard state.end == nil else { return (nil, nil) }
                state.receivers += 1
                let receiver = Receiver(id: state.receivers, handle: handle, done: done)
                state.receiver = receiver
                // A waiting reader delivers to it at once.
                defer { state.reader = nil }
                if state.reader != nil { state.delivering = true }
                return (receiver, state.reader)
            }
            guard let receiver else { return done.resume(returning: false) }
            reader?.resume(returning: receiver)
        }
        // Over already: the end is the one frame left.
        if !registered, let end = state.withLock({ $0.end }) { _ = await handle(end) }
    }

    func send(text: String) async throws {
        outgoingContinuation.yield(.text(text))
    }

    func receive() async throws -> WebSocketFrame {
        let received = Mutex<WebSocketFrame?>(nil)
        await receiveFrames { frame in
            received.withLock { $0 = frame }
            return false
        }
        return received.withLock { $0 } ?? state.withLock { $0.end } ?? .close(code: .abnormalClosure, reason: "the connection is closed")
    }

    func close(code: WebSocketCloseCode) async {
        outgoingContinuation.yield(.close(code))
        outgoingContinuation.finish()
        // Without waiting for the server's answer: the transport is done with this socket.
        let (receiver, reader) = state.withLock { state -> (Receiver?, CheckedContinuation<Receiver?, Never>?) in
            if state.end == nil { state.end = .close(code: code, reason: "closed by the client") }
            defer { state.reader = nil }
            // In a delivery, the reader releases the receiver when the handler returns.
            guard !state.delivering else { return (nil, state.reader) }
            defer { state.receiver = nil }
            return (state.receiver, state.reader)
        }
        reader?.resume(returning: nil)
        receiver?.done.resume(returning: true)
    }
}
#endif
