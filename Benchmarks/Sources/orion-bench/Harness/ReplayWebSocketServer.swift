import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A local `graphql-transport-ws` server that answers every subscription with the same script:
/// `connection_init` gets `connection_ack`, `subscribe` gets one `next` message per result and
/// then `complete`. The messages, and the WebSocket frames around them, are encoded once, when the
/// server starts, and written to the socket in one go: a benchmark times the client, and the
/// server's thread takes next to nothing of the machine's cores from it.
///
/// It serves one operation id, the one a fresh `WebSocketTransport` gives its first operation;
/// a `subscribe` with another id gets an `error` message saying so.
final class ReplayWebSocketServer: Sendable {
    static let subprotocol = "graphql-transport-ws"

    /// `ws://127.0.0.1:PORT/graphql`.
    let url: URL
    /// The `next` messages, as the bytes sent in each text frame.
    let messages: [Data]
    private let group: MultiThreadedEventLoopGroup
    private let listener: any Channel

    /// Starts listening on 127.0.0.1, on a port the system picks.
    /// - Parameter results: the `payload` of each `next` message, GraphQL response objects.
    init(operationID: String, results: [Data]) throws {
        let messages = results.map { result in
            Data(#"{"id":"\#(operationID)","type":"next","payload":"#.utf8) + result + Data("}".utf8)
        }
        var frames = ByteBuffer()
        for message in messages + [Data(#"{"id":"\#(operationID)","type":"complete"}"#.utf8)] {
            Self.writeTextFrame(message, into: &frames)
        }
        let script = ReplayScript(operationID: operationID, frames: frames)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let upgrader = NIOWebSocketServerUpgrader(
            shouldUpgrade: { channel, head in
                // Echoes the subprotocol, as graphql-ws servers do; refuses clients that ask for another.
                let asked = head.headers[canonicalForm: "Sec-WebSocket-Protocol"].map(String.init)
                guard asked.contains(Self.subprotocol) else { return channel.eventLoop.makeSucceededFuture(nil) }
                return channel.eventLoop.makeSucceededFuture(HTTPHeaders([("Sec-WebSocket-Protocol", Self.subprotocol)]))
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    // Client frames are small, but the protocol lets them come in fragments.
                    try channel.pipeline.syncOperations.addHandler(
                        NIOWebSocketFrameAggregator(minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 64, maxAccumulatedFrameSize: 1 << 20))
                    try channel.pipeline.syncOperations.addHandler(ReplayHandler(script: script))
                    // Ahead of the frame encoder: what is written through it goes to the socket as it is.
                    try channel.pipeline.syncOperations.addHandler(RawFrameWriter(), position: .first)
                }
            }
        )
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }
            }
        do {
            let listener = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
            guard let port = listener.localAddress?.port, let url = URL(string: "ws://127.0.0.1:\(port)/graphql") else {
                throw BenchmarkError(description: "the replay server is listening on no port")
            }
            self.listener = listener
            self.url = url
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        self.group = group
        self.messages = messages
    }

    /// An unmasked, unfragmented text frame, as a server sends it (RFC 6455 §5.2).
    private static func writeTextFrame(_ payload: Data, into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(0x81))
        switch payload.count {
        case ..<126:
            buffer.writeInteger(UInt8(payload.count))
        case ..<65536:
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(payload.count))
        default:
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(payload.count))
        }
        buffer.writeBytes(payload)
    }

    /// Stops listening, closes the connections still open and ends the server's thread.
    func shutDown() throws {
        try listener.close().wait()
        try group.syncShutdownGracefully()
    }
}

/// What the server sends, encoded once and shared by every connection.
private struct ReplayScript: Sendable {
    let operationID: String
    /// Every `next` message and the `complete`, framed.
    let frames: ByteBuffer
}

/// Passes bytes written through it on toward the socket: the first handler of the pipeline.
private final class RawFrameWriter: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
}

/// One connection's side of the protocol, on the connection's event loop.
private final class ReplayHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let script: ReplayScript

    init(script: ReplayScript) {
        self.script = script
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            received(Data(frame.unmaskedData.readableBytesView), context: context)
        case .ping:
            send(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData), context: context)
        case .connectionClose:
            // Answers the client's close with the same code, then hangs up.
            var code = frame.unmaskedData
            let reply = WebSocketFrame(fin: true, opcode: .connectionClose, data: code.readSlice(length: 2) ?? ByteBuffer())
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(reply)).whenComplete { _ in channel.close(promise: nil) }
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func received(_ text: Data, context: ChannelHandlerContext) {
        guard let message = (try? JSONSerialization.jsonObject(with: text)) as? [String: Any], let type = message["type"] as? String else {
            return
        }
        switch type {
        case "connection_init":
            send(text: #"{"type":"connection_ack"}"#, context: context)
        case "ping":
            send(text: #"{"type":"pong"}"#, context: context)
        case "subscribe":
            guard let id = message["id"] as? String else { return }
            guard id == script.operationID else {
                let error: [String: Any] = [
                    "id": id, "type": "error", "payload": [["message": "the replay server answers operation \(script.operationID) only"]],
                ]
                if let text = try? JSONSerialization.data(withJSONObject: error) { send(text: String(decoding: text, as: UTF8.self), context: context) }
                return
            }
            // Written in one go, already framed: the client reads them as fast as it can.
            guard let raw = try? context.pipeline.syncOperations.context(handlerType: RawFrameWriter.self) else { return }
            raw.writeAndFlush(NIOAny(script.frames), promise: nil)
        default:
            // `complete` from a client that stops early, `pong`: nothing to do.
            break
        }
    }

    private func send(text: String, context: ChannelHandlerContext) {
        send(WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: text)), context: context)
    }

    private func send(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }
}
