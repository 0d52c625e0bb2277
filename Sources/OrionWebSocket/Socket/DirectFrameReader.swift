#if canImport(NIOWebSocket) && !canImport(Darwin)
import NIOCore
import NIOWebSocket

/// The socket's first reader of bytes after the upgrade, on the event loop: reads the frames out
/// of each read itself, and hands a whole text message straight to the connection's receiver
/// (`take`), when nothing read before it is still on its way to the reader. Every other frame goes
/// on, whole and unread, to NIO's frame decoder behind it, and from there (counted by
/// `ReaderHandOffCounter`) to the reader, in the order the frames came.
///
/// Nearly every frame of a subscription is such a text frame. NIO's decoder made each one a
/// `WebSocketFrame` through its generic `ByteToMessageHandler`, with runtime metadata lookups and
/// exclusivity checks per frame: about 3,500 instructions a frame, more than this reader's whole
/// work on it.
///
/// A frame it does not expect (reserved bits, a mask, an opcode RFC 6455 reserves, a control
/// frame in fragments or over 125 bytes, more than the largest frame allowed) makes it pass
/// everything from there on to NIO's decoder, which deals with it as before: refuses it, or
/// makes a frame of it that the reader ignores. Frames go on whole, so the decoder never holds
/// part of one when this reader reads the next; the bytes of a frame that has not all arrived
/// wait here.
final class DirectFrameReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The receiver's `take`, when a whole text message may go to it now (`NIOWebSocketConnection.directTake`).
    private let directTake: () -> (@Sendable (String) -> Bool)?
    private let maxFrameSize: Int
    /// The start of a frame that has not all arrived.
    private var partial: ByteBuffer?
    /// Inside a message sent in fragments: its frames go to the decoder, and so does any frame
    /// before its end.
    private var inFragments = false
    /// Set at the first frame outside the rules: from then on the decoder reads everything.
    private var passingThrough = false

    init(maxFrameSize: Int, directTake: @escaping () -> (@Sendable (String) -> Bool)?) {
        self.maxFrameSize = maxFrameSize
        self.directTake = directTake
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if passingThrough { return context.fireChannelRead(data) }
        // Named, not `Self.`: with the dynamic `Self` the optimizer leaves NIO's unwrap generic,
        // a thousand instructions a read of runtime metadata lookups and casts.
        var buffer = DirectFrameReader.unwrapInboundIn(data)
        if var earlier = partial {
            partial = nil
            earlier.writeBuffer(&buffer)
            buffer = earlier
        }
        // A local copy: the class's stored property would cost an exclusivity check per frame.
        var inFragments = self.inFragments
        defer { self.inFragments = inFragments }
        while let header = FrameHeader(peekingAt: buffer) {
            guard header.isWithinRules(maxFrameSize: maxFrameSize) else {
                passingThrough = true
                if buffer.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(buffer)) }
                return
            }
            guard buffer.readableBytes >= header.frameLength else { break }
            if header.opcode == .text, header.fin, !inFragments, let take = directTake() {
                let message = String(decoding: buffer.readableBytesView.dropFirst(header.headerLength).prefix(header.payloadLength), as: UTF8.self)
                if take(message) {
                    buffer.moveReaderIndex(forwardBy: header.frameLength)
                    continue
                }
            }
            switch header.opcode {
            case .text, .binary: inFragments = !header.fin
            case .continuation where header.fin: inFragments = false
            default: break
            }
            // A slice of the same storage: no copy.
            if let frame = buffer.readSlice(length: header.frameLength) { context.fireChannelRead(wrapInboundOut(frame)) }
        }
        if buffer.readableBytes > 0 { partial = buffer }
    }

    /// A frame's first bytes (RFC 6455, section 5.2), read without moving the reader index.
    struct FrameHeader: Equatable {
        var fin: Bool
        /// The three reserved bits, which no extension of this client gives a meaning.
        var reservedBits: UInt8
        var opcode: WebSocketOpcode
        var masked: Bool
        var headerLength: Int
        /// `Int.max` for a length no `Int` holds, which no rule lets through.
        var payloadLength: Int

        /// The header and the payload; of a frame within the rules only (whose length is small).
        var frameLength: Int { headerLength + payloadLength }

        /// Whether this reader may read the frame: one a server may send a client, of a size
        /// the client accepts. Anything else is the decoder's to refuse.
        func isWithinRules(maxFrameSize: Int) -> Bool {
            guard reservedBits == 0, !masked, payloadLength <= maxFrameSize else { return false }
            switch opcode {
            case .continuation, .text, .binary: return true
            case .connectionClose, .ping, .pong: return fin && payloadLength <= 125
            default: return false
            }
        }
    }
}

// Outside the type, so that tests keep its memberwise initializer.
extension DirectFrameReader.FrameHeader {
    /// The header at the buffer's reader index; `nil` until all of it has arrived.
    init?(peekingAt buffer: ByteBuffer) {
        guard let first = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self),
              let second = buffer.getInteger(at: buffer.readerIndex + 1, as: UInt8.self) else { return nil }
        fin = first & 0x80 != 0
        reservedBits = first & 0x70
        // Every value of four bits is an opcode to NIO, the reserved ones included.
        guard let opcode = WebSocketOpcode(encodedWebSocketOpcode: first & 0x0F) else { return nil }
        self.opcode = opcode
        masked = second & 0x80 != 0
        let maskLength = masked ? 4 : 0
        switch second & 0x7F {
        case 126:
            guard let length = buffer.getInteger(at: buffer.readerIndex + 2, as: UInt16.self) else { return nil }
            headerLength = 4 + maskLength
            payloadLength = Int(length)
        case 127:
            guard let length = buffer.getInteger(at: buffer.readerIndex + 2, as: UInt64.self) else { return nil }
            headerLength = 10 + maskLength
            payloadLength = Int(exactly: length) ?? .max
        case let length:
            headerLength = 2 + maskLength
            payloadLength = Int(length)
        }
    }
}
#endif
