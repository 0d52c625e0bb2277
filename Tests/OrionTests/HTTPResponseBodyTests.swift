import Foundation
@testable import Orion
import Testing

/// The streamed body's guarantees: chunks in order, a buffer that holds the producer back, and
/// the reader stopping cancels the producer.
@Suite struct HTTPResponseBodyTests {
    static func text(_ chunks: [Data]) -> [String] { chunks.map { String(decoding: $0, as: UTF8.self) } }

    @Test func chunksArriveInOrderThenTheBodyEnds() async throws {
        let (body, writer) = HTTPResponseBody.makeStream()
        for chunk in ["a", "bc", "", "def"] { try await writer.write(Data(chunk.utf8)) }
        writer.finish()
        var chunks: [Data] = []
        for try await chunk in body { chunks.append(chunk) }
        #expect(Self.text(chunks) == ["a", "bc", "", "def"])
    }

    @Test func aFailureComesAfterTheChunksBeforeIt() async throws {
        let (body, writer) = HTTPResponseBody.makeStream()
        try await writer.write(Data("a".utf8))
        writer.finish(throwing: NetworkError.notHTTP)
        var iterator = body.makeAsyncIterator()
        #expect(try await iterator.next().map { String(decoding: $0, as: UTF8.self) } == "a")
        await #expect(throws: NetworkError.self) { _ = try await iterator.next() }
    }

    /// With room for 2 bytes, a producer of 1-byte chunks is held back after 2, and goes on by one
    /// chunk for each chunk read: shown by the events the producer records, not by time.
    @Test func theBufferHoldsTheProducerBack() async throws {
        let (body, writer) = HTTPResponseBody.makeStream(bufferLimit: 2)
        let written = Recorder<String>()
        let letters = ["a", "b", "c", "d", "e"]
        let producer = Task {
            for letter in letters {
                try await writer.write(Data(letter.utf8))
                written.add(letter)
            }
            writer.finish()
        }
        await body.flow.waitUntilWriterIsHeldBack()
        #expect(written.values == ["a", "b"])
        #expect(body.flow.bufferedByteCount == 2)

        var iterator = body.makeAsyncIterator()
        #expect(try await iterator.next() == Data("a".utf8))
        await body.flow.waitUntilWriterIsHeldBack()
        #expect(written.values == ["a", "b", "c"])
        #expect(body.flow.bufferedByteCount == 2)

        var rest: [Data] = []
        while let chunk = try await iterator.next() { rest.append(chunk) }
        #expect(Self.text(rest) == ["b", "c", "d", "e"])
        try await producer.value
        #expect(written.values == letters)
    }

    /// A producer that cannot wait (a `URLSession` delegate) is told the buffer is full, and told
    /// once when the reader has made room.
    @Test func aProducerThatCannotWaitIsToldWhenThereIsRoom() async throws {
        let (body, writer) = HTTPResponseBody.makeStream(bufferLimit: 4)
        #expect(writer.offer(Data("abc".utf8)))
        #expect(!writer.offer(Data("de".utf8)))
        let resumed = Recorder<Bool>()
        body.flow.whenRoom { resumed.add(true) }
        #expect(resumed.values.isEmpty)
        var iterator = body.makeAsyncIterator()
        #expect(try await iterator.next() == Data("abc".utf8))
        #expect(resumed.values == [true])
        // Room already there: at once.
        body.flow.whenRoom { resumed.add(true) }
        #expect(resumed.values == [true, true])
    }

    @Test func theReaderStoppingCancelsTheProducer() async throws {
        let terminated = Recorder<Bool>()
        var body: HTTPResponseBody?
        let writer: HTTPResponseBody.Writer
        (body, writer) = HTTPResponseBody.makeStream(bufferLimit: 1) { terminated.add(true) }
        try await writer.write(Data("a".utf8))
        let blocked = Task { try await writer.write(Data("b".utf8)) }
        await body?.flow.waitUntilWriterIsHeldBack()
        // The last copy of the body goes away unread.
        body = nil
        await #expect(throws: CancellationError.self) { try await blocked.value }
        #expect(terminated.values == [true])
        await #expect(throws: CancellationError.self) { try await writer.write(Data("c".utf8)) }
    }

    @Test func cancellingTheReadingTaskCancelsTheProducer() async throws {
        let terminated = Recorder<Bool>()
        let (body, writer) = HTTPResponseBody.makeStream { terminated.add(true) }
        let reader = Task {
            for try await _ in body {}
        }
        reader.cancel()
        _ = try? await reader.value
        #expect(await terminated.wait { $0 == [true] })
        await #expect(throws: CancellationError.self) { try await writer.write(Data("a".utf8)) }
    }
}
