#if canImport(NIOWebSocket) && !canImport(Darwin)
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Orion
@testable import OrionWebSocket
import Testing

/// `DirectFrameReader` in front of NIO's frame decoder, in a channel of NIO's own on which each
/// write is one read of the socket: the text messages it hands to `take` and the frames that come
/// out of the decoder behind it are, together and in order, the frames the decoder alone makes of
/// the same bytes, however the reads split them, and whatever the bytes (frames in fragments,
/// control frames, and frames it must leave to the decoder: masked, with reserved bits or
/// opcodes, too large).
@Suite struct DirectFrameReaderTests {
    /// What reached the end of a pipeline: a frame, as NIO's decoder made it or as `take` got
    /// it, or an error.
    enum Event: Equatable, CustomStringConvertible {
        case frame(fin: Bool, opcode: UInt8, data: [UInt8])
        case error(String)

        init(_ frame: NIOFrame) {
            self = .frame(fin: frame.fin, opcode: UInt8(webSocketOpcode: frame.opcode), data: Array(frame.unmaskedData.readableBytesView))
        }

        var description: String {
            switch self {
            case .frame(let fin, let opcode, let data): "frame(fin: \(fin), opcode: \(opcode), \(data.count) bytes)"
            case .error(let error): "error(\(error))"
            }
        }
    }

    /// What a pipeline's last handler and `take` record, in the order they see it.
    final class Log: @unchecked Sendable {
        // Only touched on the embedded channel's one thread, inside the test.
        var events: [Event] = []
        var taken = 0
    }

    final class Recorder: ChannelInboundHandler {
        typealias InboundIn = NIOFrame
        let log: Log
        init(log: Log) { self.log = log }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            log.events.append(Event(Recorder.unwrapInboundIn(data)))
        }
        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            log.events.append(.error("\(error)"))
        }
    }

    static let maxFrameSize = 1000

    /// The events of `bytes` read in the given pieces, through the reader and the decoder (or the
    /// decoder alone), with `take` taking the text it is offered when `takes` says so.
    static func events(
        of pieces: [[UInt8]], withReader: Bool, offered: @escaping () -> Bool = { true }, takes: @escaping @Sendable (String) -> Bool = { _ in true }
    ) throws -> (events: [Event], taken: Int) {
        let log = Log()
        let channel = EmbeddedChannel()
        let operations = channel.pipeline.syncOperations
        if withReader {
            try operations.addHandler(DirectFrameReader(maxFrameSize: maxFrameSize) {
                guard offered() else { return nil }
                return { text in
                    guard takes(text) else { return false }
                    log.events.append(.frame(fin: true, opcode: 1, data: Array(text.utf8)))
                    log.taken += 1
                    return true
                }
            })
        }
        try operations.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxFrameSize)))
        try operations.addHandler(Recorder(log: log))
        // Up to the decoder's first error, after which the real pipeline's error handler closes
        // the socket: NIO's handler refuses every later read.
        for piece in pieces where !log.events.contains(where: { if case .error = $0 { true } else { false } }) {
            do {
                try channel.writeInbound(ByteBuffer(bytes: piece))
            } catch {
                log.events.append(.error("\(error)"))
            }
        }
        _ = try? channel.finish()
        return (log.events, log.taken)
    }

    static func frame(fin: Bool = true, reserved: UInt8 = 0, opcode: UInt8, _ data: [UInt8], mask: [UInt8]? = nil) -> [UInt8] {
        var bytes = [(fin ? 0x80 : 0) | reserved | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        switch data.count {
        case ..<126: bytes.append(maskBit | UInt8(data.count))
        case ..<65536: bytes += [maskBit | 126, UInt8(data.count >> 8), UInt8(data.count & 0xFF)]
        default: bytes += [maskBit | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: data.count >> ($0 * 8)) }
        }
        guard let mask else { return bytes + data }
        return bytes + mask + data.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    static func text(_ string: String) -> [UInt8] { frame(opcode: 1, Array(string.utf8)) }

    /// Frames a server sends: results, a long one (16-bit length), a message in fragments with a
    /// ping between them, a pong, a binary frame, an empty text and a close.
    static let regular: [UInt8] = text(#"{"type":"next","id":"1","payload":{"data":{"n":1}}}"#)
        + text(String(repeating: "é", count: 300))
        + frame(fin: false, opcode: 1, Array("{\"type\":".utf8))
        + frame(opcode: 9, [1, 2, 3])
        + frame(fin: false, opcode: 0, Array("\"next\",".utf8))
        + frame(opcode: 0, Array("\"id\":\"1\"}".utf8))
        + text("after the fragments")
        + frame(opcode: 10, [])
        + frame(opcode: 2, [0, 255])
        + text("")
        + frame(opcode: 8, [0x03, 0xE8])

    @Test func everyTwoReadsOfRegularFramesGiveTheDecodersFramesInOrder() throws {
        let expected = try Self.events(of: [Self.regular], withReader: false).events
        #expect(expected.count == 11)
        for split in 0...Self.regular.count {
            let pieces = [Array(Self.regular[..<split]), Array(Self.regular[split...])]
            let (events, taken) = try Self.events(of: pieces, withReader: true)
            #expect(events == expected, "split at byte \(split)")
            // The four whole text frames outside the fragments.
            #expect(taken == 4, "split at byte \(split)")
        }
    }

    @Test func aByteAtATimeGivesTheSameFrames() throws {
        let expected = try Self.events(of: [Self.regular], withReader: false).events
        let (events, taken) = try Self.events(of: Self.regular.map { [$0] }, withReader: true)
        #expect(events == expected)
        #expect(taken == 4)
    }

    /// When the connection says no text may go to `take` now (the reader is still busy with an
    /// earlier frame), or `take` refuses one, the frame goes to the decoder instead.
    @Test func textTheReceiverDoesNotTakeGoesToTheDecoder() throws {
        let expected = try Self.events(of: [Self.regular], withReader: false).events
        let notOffered = try Self.events(of: [Self.regular], withReader: true, offered: { false })
        #expect(notOffered.events == expected)
        #expect(notOffered.taken == 0)
        let refused = try Self.events(of: [Self.regular], withReader: true, takes: { $0.isEmpty })
        #expect(refused.events == expected)
        #expect(refused.taken == 1)
    }

    /// A text frame between the fragments of a message is the reader's (of the connection) to
    /// judge, after the fragments before it: it is not taken ahead of them.
    @Test func aTextFrameInsideAMessageInFragmentsGoesToTheDecoder() throws {
        let bytes = Self.frame(fin: false, opcode: 1, Array("a".utf8)) + Self.text("b") + Self.frame(opcode: 0, Array("c".utf8)) + Self.text("d")
        let expected = try Self.events(of: [bytes], withReader: false).events
        let (events, taken) = try Self.events(of: [bytes], withReader: true)
        #expect(events == expected)
        #expect(taken == 1)
    }

    /// After a frame the reader leaves to the decoder, every later byte goes there too, unread:
    /// the events are the decoder's own (an error, or frames the connection's reader ignores).
    @Test(arguments: [
        ("masked", DirectFrameReaderTests.frame(opcode: 1, Array("hi".utf8), mask: [1, 2, 3, 4])),
        ("reserved bit", DirectFrameReaderTests.frame(reserved: 0x40, opcode: 1, Array("hi".utf8))),
        ("reserved opcode", DirectFrameReaderTests.frame(opcode: 3, [7])),
        ("reserved control opcode", DirectFrameReaderTests.frame(opcode: 0xB, [7])),
        ("control frame in fragments", DirectFrameReaderTests.frame(fin: false, opcode: 9, [1])),
        ("control frame over 125 bytes", DirectFrameReaderTests.frame(opcode: 9, [UInt8](repeating: 1, count: 126))),
        ("frame over the largest size", DirectFrameReaderTests.text(String(repeating: "x", count: DirectFrameReaderTests.maxFrameSize + 1))),
        ("64-bit length", [0x81, 127, 0x80, 0, 0, 0, 0, 0, 0, 2] + Array("hi".utf8)),
    ])
    func framesOutsideTheRulesAreTheDecodersFromThereOn(name: String, odd: [UInt8]) throws {
        let bytes = Self.text("before") + odd + Self.text("after")
        let expected = try Self.events(of: [bytes], withReader: false).events
        for split in [0, 1, 3, 8, bytes.count / 2, bytes.count - 1] {
            let pieces = [Array(bytes[..<split]), Array(bytes[split...])]
            let (events, taken) = try Self.events(of: pieces, withReader: true)
            #expect(events == expected, "\(name), split at byte \(split)")
            // The frame before only: the one after is the decoder's, which may never reach it.
            #expect(taken == 1, "\(name), split at byte \(split)")
        }
    }

    /// Streams of frames of every kind, the odd ones included, read in pieces of random sizes:
    /// the same events as the decoder alone, every time. Seeded, so that a failure repeats.
    @Test func randomStreamsInRandomPiecesGiveTheDecodersFrames() throws {
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                // Mostly whole text frames, as a server sends them; now and then anything.
                let regular = Int.random(in: 0..<4, using: &random) > 0
                let opcode: UInt8 = regular ? 1 : [0, 1, 2, 3, 8, 9, 10, 0xB].randomElement(using: &random) ?? 1
                let length = [0, 1, 60, 125, 126, 300, Self.maxFrameSize, Self.maxFrameSize + 1].randomElement(using: &random) ?? 0
                let data = (0..<(regular ? min(length, 200) : length)).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
                let odd = !regular && Int.random(in: 0..<8, using: &random) == 0
                bytes += Self.frame(
                    fin: regular || Bool.random(using: &random), reserved: odd ? 0x10 : 0, opcode: opcode, data,
                    mask: Int.random(in: 0..<12, using: &random) == 0 ? [1, 2, 3, 4] : nil)
            }
            var pieces: [[UInt8]] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...(Bool.random(using: &random) ? 8 : 400), using: &random))
                pieces.append(Array(bytes[start..<end]))
                start = end
            }
            let expected = try Self.events(of: [bytes], withReader: false).events
            #expect(try Self.events(of: pieces, withReader: true).events == expected, "seed \(seed)")
        }
    }

    /// SplitMix64: a small generator whose sequence a seed fixes.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func headersAreReadAsRFC6455WritesThem() throws {
        let short = try #require(DirectFrameReader.FrameHeader(peekingAt: ByteBuffer(bytes: Self.text("abc"))))
        #expect(short == .init(fin: true, reservedBits: 0, opcode: .text, masked: false, headerLength: 2, payloadLength: 3))
        let medium = try #require(DirectFrameReader.FrameHeader(peekingAt: ByteBuffer(bytes: Self.frame(fin: false, opcode: 0, [UInt8](repeating: 0, count: 300)))))
        #expect(medium == .init(fin: false, reservedBits: 0, opcode: .continuation, masked: false, headerLength: 4, payloadLength: 300))
        let long = try #require(DirectFrameReader.FrameHeader(peekingAt: ByteBuffer(bytes: Self.frame(opcode: 2, [UInt8](repeating: 0, count: 70000)))))
        #expect(long == .init(fin: true, reservedBits: 0, opcode: .binary, masked: false, headerLength: 10, payloadLength: 70000))
        let masked = try #require(DirectFrameReader.FrameHeader(peekingAt: ByteBuffer(bytes: Self.frame(opcode: 1, [1], mask: [9, 9, 9, 9]))))
        #expect(masked.masked && masked.headerLength == 6)
        // Not all there yet.
        for partial in [[0x81], [0x81, 126, 1], [0x81, 127, 0, 0, 0, 0, 0, 0, 1]] as [[UInt8]] {
            #expect(DirectFrameReader.FrameHeader(peekingAt: ByteBuffer(bytes: partial)) == nil)
        }
    }
}
#endif
