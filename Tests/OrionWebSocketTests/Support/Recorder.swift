import Foundation
import Orion
import OrionAPI

/// Reads a subscription's stream in a task of its own, so a test can wait for each outcome with
/// a time limit.
final class Recorder<Data: RootSelectionSet>: Sendable {
    enum Outcome: Sendable {
        case event(SubscriptionEvent<Data>)
        case finished
        case failed(any Error)
    }

    private let outcomes: AsyncStream<Outcome>
    private let task: Task<Void, Never>

    init(_ stream: AsyncThrowingStream<SubscriptionEvent<Data>, any Error>) {
        let (outcomes, continuation) = AsyncStream<Outcome>.makeStream()
        self.outcomes = outcomes
        task = Task {
            do {
                for try await event in stream { continuation.yield(.event(event)) }
                continuation.yield(.finished)
            } catch {
                continuation.yield(.failed(error))
            }
            continuation.finish()
        }
    }

    func next(timeout: Double = harnessPatience) async throws -> Outcome {
        let outcomes = outcomes
        let outcome = try await withTimeout(timeout, "an event of the subscription") {
            var iterator = outcomes.makeAsyncIterator()
            return await iterator.next()
        }
        guard let outcome else { throw HarnessError(description: "the recorder ended") }
        return outcome
    }

    /// The next outcome's data; fails the test harness when it is not an event.
    func nextData(timeout: Double = harnessPatience) async throws -> Data? {
        switch try await next(timeout: timeout) {
        case .event(let event): return event.result.data
        case .finished: throw HarnessError(description: "expected an event, the subscription finished")
        case .failed(let error): throw HarnessError(description: "expected an event, the subscription failed: \(error)")
        }
    }

    /// The error the subscription ended with.
    func nextError(timeout: Double = harnessPatience) async throws -> any Error {
        switch try await next(timeout: timeout) {
        case .event(let event): throw HarnessError(description: "expected a failure, got an event: \(event.result)")
        case .finished: throw HarnessError(description: "expected a failure, the subscription finished")
        case .failed(let error): return error
        }
    }

    func cancel() {
        task.cancel()
    }
}
