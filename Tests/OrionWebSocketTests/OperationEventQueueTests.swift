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

    @Test func aWaitingConsumerGetsTheNextPush() async throws {
        let queue = OperationEventQueue()
        let consumer = Task { try number(await queue.next()) }
        // Pushed while the consumer waits, or before it starts: either way it gets the event.
        try await Task.sleep(nanoseconds: 20_000_000)
        queue.push(.next(try result(7)))
        #expect(try await consumer.value == 7)
    }

    @Test func cancellingEndsTheWaitAndWhatIsQueued() async throws {
        let queue = OperationEventQueue()
        let waiting = Task { await queue.next() }
        try await Task.sleep(nanoseconds: 20_000_000)
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
