import Foundation
import OrionAPI
@testable import OrionWebSocket
import Testing

/// The queue between the session and an operation's consumer: order, a waiting consumer woken by
/// the next push, and cancellation.
@Suite struct OperationEventQueueTests {
    private func result(_ value: Int) throws -> ResponseObject {
        try ResponseObject(jsonData: Data(#"{"data":{"n":\#(value)}}"#.utf8))
    }

    private func number(_ event: OperationEvent?) throws -> Int? {
        guard case .next(let object)? = event else { return nil }
        return try object.field("data", as: NumberData.self).n
    }

    private struct NumberData: ResponseDecodable {
        let n: Int
        init(responseValue value: ResponseValue) throws { n = try value.decodeObject().field("n") }
    }

    @Test func eventsComeOutInTheOrderTheyWentIn() async throws {
        let queue = OperationEventQueue()
        for value in 0..<100 { queue.push(.next(try result(value))) }
        queue.push(.completed)
        for value in 0..<100 { #expect(try number(await queue.next()) == value) }
        guard case .completed? = await queue.next() else {
            Issue.record("expected the end after the results")
            return
        }
    }

    /// A queue that reports each time its consumer starts to wait, and the reports.
    private func queueReportingWaits() -> (OperationEventQueue, AsyncStream<Void>) {
        let (waits, continuation) = AsyncStream<Void>.makeStream()
        return (OperationEventQueue(consumerWaits: { continuation.yield() }), waits)
    }

    /// Returns once the consumer has started to wait.
    private func consumerWaited(_ waits: AsyncStream<Void>) async throws {
        try await withTimeout(harnessPatience, "the consumer's wait") { () async -> Void in
            var iterator = waits.makeAsyncIterator()
            _ = await iterator.next()
        }
    }

    @Test func aWaitingConsumerGetsTheNextPush() async throws {
        let (queue, waits) = queueReportingWaits()
        let consumer = Task { try number(await queue.next()) }
        try await consumerWaited(waits)
        queue.push(.next(try result(7)))
        #expect(try await consumer.value == 7)
    }

    @Test func cancellingEndsTheWaitAndWhatIsQueued() async throws {
        let (queue, waits) = queueReportingWaits()
        let waiting = Task { await queue.next() }
        try await consumerWaited(waits)
        waiting.cancel()
        #expect(await waiting.value == nil)

        let queued = OperationEventQueue()
        queued.push(.next(try result(1)))
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await queued.next()
        }
        #expect(await cancelled.value == nil)
    }
}
