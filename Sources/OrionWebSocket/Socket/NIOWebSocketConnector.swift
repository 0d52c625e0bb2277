#if canImport(NIOWebSocket) && !canImport(Darwin)
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
#if WebSocketTLS
import NIOSSL
#endif
import NIOWebSocket
import Orion

#if WebSocketTLS
typealias ClientTLSContext = NIOSSLContext
#else
/// Never made: without Orion's WebSocketTLS trait a wss:// URL is refused before connecting.
enum ClientTLSContext {}
#endif

/// A frame on the wire, as NIO reads and writes it (`WebSocketFrame` is this module's own).
typealias NIOFrame = NIOWebSocket.WebSocketFrame

/// Opens WebSockets with SwiftNIO's WebSocket upgrader: the client on Linux, where Foundation has
/// none.
///
/// The upgrade request carries one `Host` and one `Origin` (see `WebSocketUpgradeRequest`); an
/// upgrade the server answers with another status than 101 throws
/// ``WebSocketTransportError/upgradeRefused(status:reason:body:)`` with what the server said.
/// The socket answers pings, reassembles fragmented messages and masks what it sends, as RFC 6455
/// asks of a client.
public struct NIOWebSocketConnector: WebSocketConnector {
    /// The largest message accepted from the server, in bytes.
    public var maxMessageSize: Int
    /// Seconds to wait for the TCP (and TLS) connection.
    public var connectTimeout: Double

    public init(maxMessageSize: Int = 1 << 24, connectTimeout: Double = 10) {
        self.maxMessageSize = maxMessageSize
        self.connectTimeout = connectTimeout
    }

    public func connect(url: URL, subprotocol: String, headers: [String: String]) async throws -> any WebSocketConnection {
        let request = try WebSocketUpgradeRequest(url: url, subprotocol: subprotocol, headers: headers)
        let tls = try request.usesTLS ? Self.tlsContext(for: url) : nil
        let maxFrameSize = min(maxMessageSize, Int(UInt32.max))
        // Made first: the pipeline's first reader of frames hands text to it on the event loop.
        let connection = NIOWebSocketConnection(maxMessageSize: maxMessageSize)
        let upgrade: EventLoopFuture<UpgradeOutcome>
        do {
            upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.nanoseconds(Int64(connectTimeout * 1_000_000_000)))
                .connect(host: request.host, port: request.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try Self.configure(channel, for: request, tls: tls, maxFrameSize: maxFrameSize, connection: connection)
                    }
                }
        } catch {
            throw WebSocketTransportError.connectionFailed(reason: "\(request.host):\(request.port): \(error)")
        }
        let outcome: UpgradeOutcome
        do {
            outcome = try await upgrade.handedOver()
        } catch {
            throw WebSocketTransportError.connectionFailed(reason: "the WebSocket upgrade failed: \(error)")
        }
        switch outcome {
        case .upgraded(let channel):
            connection.start(channel)
            return connection
        case .refused(let refusal):
            let response = try await refusal.handedOver()
            throw WebSocketTransportError.upgradeRefused(status: response.status, reason: response.reason, body: response.body)
        }
    }

    /// What the upgrade request got: a WebSocket, or an HTTP response (read in full by then).
    private enum UpgradeOutcome: Sendable {
        case upgraded(NIOAsyncChannel<NIOFrame, NIOFrame>)
        case refused(EventLoopFuture<RefusedUpgrade>)
    }

    /// The client TLS of a wss:// URL: the system's trust roots, with SNI.
    private static func tlsContext(for url: URL) throws -> ClientTLSContext {
        #if WebSocketTLS
        try NIOSSLContext(configuration: .makeClientConfiguration())
        #else
        throw WebSocketTransportError.connectionFailed(
            reason: "\(url.absoluteString): wss:// on Linux needs Orion's WebSocketTLS trait, which this build leaves out. "
                + "Depend on Orion with its default traits, or with traits: [\"WebSocketTLS\"].")
        #endif
    }

    private static func configure(
        _ channel: any Channel, for request: WebSocketUpgradeRequest, tls: ClientTLSContext?, maxFrameSize: Int,
        connection: NIOWebSocketConnection
    ) throws -> EventLoopFuture<UpgradeOutcome> {
        if let tls {
            #if !WebSocketTLS
            switch tls {}
            #else
            // SNI names a host, never an address.
            let isAddress = request.host.contains(":") || request.host.allSatisfy { $0.isNumber || $0 == "." }
            let handler = try NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : request.host)
            try channel.pipeline.syncOperations.addHandler(handler)
            #endif
        }
        let upgrader = NIOTypedWebSocketClientUpgrader<UpgradeOutcome>(maxFrameSize: maxFrameSize) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                let operations = channel.pipeline.syncOperations
                // In front of NIO's frame decoder, which the upgrader has added by now.
                let decoder = try operations.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
                try operations.addHandler(DirectFrameReader(maxFrameSize: maxFrameSize, directTake: connection.directTake), position: .before(decoder))
                try operations.addHandler(ReaderHandOffCounter(connection: connection))
                return .upgraded(try NIOAsyncChannel<NIOFrame, NIOFrame>(wrappingChannelSynchronously: channel))
            }
        }
        var headers = HTTPHeaders()
        for (name, value) in request.headers { headers.add(name: name, value: value) }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: request.target, headers: headers)
        let upgradeConfiguration = NIOTypedHTTPClientUpgradeConfiguration<UpgradeOutcome>(
            upgradeRequestHead: head, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in
                // The response is handed on past the upgrade handler: read it there.
                channel.eventLoop.makeCompletedFuture {
                    let reader = RefusedUpgradeReader(promise: channel.eventLoop.makePromise())
                    try channel.pipeline.syncOperations.addHandler(reader)
                    return .refused(reader.promise.futureResult)
                }
            }
        )
        var configuration = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgradeConfiguration)
        configuration.leftOverBytesStrategy = .forwardBytes
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
    }
}

extension EventLoopFuture where Value: Sendable {
    /// The future's value, as `get()` returns it, through a hand-off the thread sanitizer sees.
    ///
    /// `get()` resumes the awaiting task from the event loop; when the resume comes before the
    /// task has suspended, the only ordering between the two threads is an atomic inside the
    /// uninstrumented concurrency runtime, and the sanitizer reports the task's next stack
    /// allocation as a race with the resume. Resuming inside a lock that the task takes once
    /// resumed orders them in a way it can see. The lock guards a `Bool`, not `()`: a value of
    /// no size would share its address with the lock's reference, and the sanitizer would see the
    /// task reading that reference while the event loop holds the lock.
    func handedOver() async throws -> Value {
        let handOff = Mutex(false)
        let value = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            whenComplete { result in
                handOff.withLock { resumed in
                    resumed = true
                    continuation.resume(with: result)
                }
            }
        }
        _ = handOff.withLock { $0 }
        return value
    }
}

/// The response to an upgrade the server refused.
struct RefusedUpgrade: Sendable {
    var status: Int
    var reason: String
    /// The start of the body, as text.
    var body: String
}

/// Reads the HTTP response that refused an upgrade (its head and up to 512 bytes of its body),
/// then closes the channel.
final class RefusedUpgradeReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    static let bodyLimit = 512
    let promise: EventLoopPromise<RefusedUpgrade>
    private var status = 0
    private var reason = ""
    private var body: [UInt8] = []
    private var finished = false

    init(promise: EventLoopPromise<RefusedUpgrade>) {
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            status = Int(head.status.code)
            reason = head.status.reasonPhrase
        case .body(let buffer):
            body += buffer.readableBytesView.prefix(Self.bodyLimit - body.count)
        case .end:
            finish(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(context: context)
    }

    private func finish(context: ChannelHandlerContext) {
        guard !finished else { return }
        finished = true
        let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        promise.succeed(RefusedUpgrade(status: status, reason: reason, body: text))
        context.close(promise: nil)
    }
}

/// Bridges a NIO WebSocket channel to `WebSocketConnection`: a task of the connection's reads the
/// socket and hands each message straight to the transport's frame handler (no stream between
/// them: a hand-off between tasks costs more than a small message); frames to send go through a
/// stream the same task's writer pumps.
///
/// A whole text message the receiver's `take` wants never reaches that task: `DirectFrameReader`
/// offers it on the event loop, when the reader has no earlier frame left to finish.
final class NIOWebSocketConnection: WebSocketConnection {
    private enum Outgoing: Sendable {
        case text(String)
        case pong(ByteBuffer)
        case close(WebSocketCloseCode)
    }

    /// A `receiveFrames` call: its handler, and its caller waiting for the end. A class, so that
    /// taking it for each frame costs one retain, not one per field.
    private final class Receiver: Sendable {
        let id: Int
        let take: @Sendable (String) -> Bool
        let handle: @Sendable (OrionWebSocket.WebSocketFrame) async -> Bool
        /// Resumed with `true` when the receiver is released.
        let done: CheckedContinuation<Bool, Never>

        init(
            id: Int, take: @escaping @Sendable (String) -> Bool, handle: @escaping @Sendable (OrionWebSocket.WebSocketFrame) async -> Bool,
            done: CheckedContinuation<Bool, Never>
        ) {
            self.id = id
            self.take = take
            self.handle = handle
            self.done = done
        }
    }

    private struct State {
        var receiver: Receiver?
        var receivers = 0
        /// The socket's reader, holding a message until a receiver comes.
        var reader: CheckedContinuation<Receiver?, Never>?
        /// Set when the connection is over: what every later receive gets.
        var end: OrionWebSocket.WebSocketFrame?
        /// Whether the reader is in the receiver's handler.
        var delivering = false
        /// Frames the event loop handed to the reader that it has not finished with: while there
        /// are any, a text frame must wait its turn behind them rather than go to `take`.
        var pending = 0

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

    func start(_ channel: NIOAsyncChannel<NIOFrame, NIOFrame>) {
        Task { await run(channel) }
    }

    private func run(_ channel: NIOAsyncChannel<NIOFrame, NIOFrame>) async {
        let end: OrionWebSocket.WebSocketFrame
        do {
            end = try await channel.executeThenClose { inbound, outbound in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await self.write(to: outbound) }
                    let end = try await self.read(inbound)
                    // The writer sends what is queued (the close frame that answers the server's
                    // among it), then ends.
                    self.outgoingContinuation.finish()
                    _ = try? await group.next()
                    return end
                }
            }
        } catch {
            end = .close(code: .abnormalClosure, reason: "\(error)")
        }
        await finish(end)
    }

    /// Sends what the client queued, masked, until it closes.
    private func write(to outbound: NIOAsyncChannelOutboundWriter<NIOFrame>) async throws {
        for await frame in outgoing {
            switch frame {
            case .text(let text):
                try await outbound.write(NIOFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: text)))
            case .pong(let data):
                try await outbound.write(NIOFrame(fin: true, opcode: .pong, maskKey: .random(), data: data))
            case .close(let code):
                var data = ByteBuffer()
                data.write(webSocketErrorCode: WebSocketErrorCode(codeNumber: code.rawValue))
                try await outbound.write(NIOFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data))
                return
            }
        }
    }

    /// Reads messages until the server's close frame (or the end of the socket), which it returns.
    private func read(_ inbound: NIOAsyncChannelInboundStream<NIOFrame>) async throws -> OrionWebSocket.WebSocketFrame {
        // A text message in fragments: its bytes so far.
        var message: ByteBuffer?
        for try await frame in inbound {
            // Done with it, whichever way this iteration ends (see `ReaderHandOffCounter`).
            defer { state.withLock { $0.pending -= 1 } }
            switch frame.opcode {
            case .text:
                message = frame.unmaskedData
            case .continuation:
                message?.writeImmutableBuffer(frame.unmaskedData)
            case .ping:
                outgoingContinuation.yield(.pong(frame.unmaskedData))
                continue
            case .connectionClose:
                var data = frame.unmaskedData
                let code = data.readWebSocketErrorCode().map { WebSocketCloseCode(rawValue: Int(UInt16(webSocketErrorCode: $0))) }
                let reason = data.readString(length: data.readableBytes) ?? ""
                // The closing handshake: the client echoes the code, then the server ends the TCP connection.
                outgoingContinuation.yield(.close(code ?? .normalClosure))
                // 1005: the close frame had no code.
                return .close(code: code ?? WebSocketCloseCode(rawValue: 1005), reason: reason)
            default:
                // Binary frames are not the GraphQL subprotocols'; pongs answer nothing the client asked.
                message = nil
                continue
            }
            if let bytes = message, bytes.readableBytes > maxMessageSize {
                // 1009: a message too big to process.
                outgoingContinuation.yield(.close(WebSocketCloseCode(rawValue: 1009)))
                return .close(code: WebSocketCloseCode(rawValue: 1009), reason: "a message from the server is larger than \(maxMessageSize) bytes")
            }
            guard frame.fin, let bytes = message else { continue }
            message = nil
            // Decoded from the frame's buffer: one copy of the message, as the frame's `String`.
            await deliver(.text(String(decoding: bytes.readableBytesView, as: UTF8.self)))
        }
        return .close(code: .abnormalClosure, reason: "the connection ended without a close frame")
    }

    /// Hands a frame to the receiver, waiting for one if there is none yet; dropped once the
    /// client has closed.
    private func deliver(_ frame: OrionWebSocket.WebSocketFrame) async {
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
        let wantsMore: Bool
        if case .text(let text) = frame, receiver.take(text) {
            wantsMore = true
        } else {
            wantsMore = await receiver.handle(frame)
        }
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
    private func finish(_ frame: OrionWebSocket.WebSocketFrame) async {
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

    func receiveFrames(_ handle: @escaping @Sendable (OrionWebSocket.WebSocketFrame) async -> Bool) async {
        await receiveFrames(offeringTextTo: { _ in false }, handle)
    }

    func receiveFrames(
        offeringTextTo take: @escaping @Sendable (String) -> Bool, _ handle: @escaping @Sendable (OrionWebSocket.WebSocketFrame) async -> Bool
    ) async {
        let registered: Bool = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            let (receiver, reader) = state.withLock { state -> (Receiver?, CheckedContinuation<Receiver?, Never>?) in
                guard state.end == nil else { return (nil, nil) }
                state.receivers += 1
                let receiver = Receiver(id: state.receivers, take: take, handle: handle, done: done)
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

    /// On the event loop, for a whole text message: the receiver's `take`, when the message may
    /// go to it now (the connection is open, and the reader has no earlier frame left to
    /// finish); `nil` when it must go through the reader.
    func directTake() -> (@Sendable (String) -> Bool)? {
        state.withLock { state in
            guard state.end == nil, state.pending == 0 else { return nil }
            return state.receiver?.take
        }
    }

    /// On the event loop: a frame goes to the reader, which will say when it is done with it.
    func handingToReader() {
        state.withLock { $0.pending += 1 }
    }

    func receive() async throws -> OrionWebSocket.WebSocketFrame {
        let received = Mutex<OrionWebSocket.WebSocketFrame?>(nil)
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
/// Behind NIO's frame decoder, which makes frames of what `DirectFrameReader` passes on: counts
/// each frame on its way to the connection's reader, so that no text message the reader takes
/// directly overtakes it (`NIOWebSocketConnection.directTake`).
final class ReaderHandOffCounter: ChannelInboundHandler {
    typealias InboundIn = NIOFrame
    typealias InboundOut = NIOFrame

    private let connection: NIOWebSocketConnection

    init(connection: NIOWebSocketConnection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.handingToReader()
        context.fireChannelRead(data)
    }
}
#endif
