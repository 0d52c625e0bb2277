import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Orion
import Testing

/// An `HTTPClient` double whose answers the test gives: a whole response for `send`, a head and a
/// body the test writes for `stream`. It keeps every request, and says when a request was
/// cancelled.
final class ScriptedHTTPClient: HTTPClient {
    /// How the double answers a request.
    enum Answer: Sendable {
        /// The status, headers and whole body.
        case respond(status: Int, headers: [String: String], body: Data)
        /// The status and headers; the body is written by the test through the writer it gets
        /// from ``nextStream()``.
        case stream(status: Int, headers: [String: String], bufferLimit: Int)
        /// Never answers: waits until the request is cancelled, as a server that never finishes.
        case hang
    }

    /// A streamed body the test writes.
    struct OpenStream: Sendable {
        let request: URLRequest
        let writer: HTTPResponseBody.Writer
    }

    private struct State {
        var requests: [URLRequest] = []
        var cancellations = 0
        var cancellationWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let answer: @Sendable (URLRequest) -> Answer
    private let state = Mutex(State())
    private let streams: AsyncStream<OpenStream>
    private let streamsContinuation: AsyncStream<OpenStream>.Continuation

    init(answer: @escaping @Sendable (URLRequest) -> Answer) {
        self.answer = answer
        (streams, streamsContinuation) = AsyncStream.makeStream(of: OpenStream.self)
    }

    var requests: [URLRequest] { state.withLock { $0.requests } }
    /// Requests cancelled: a hanging one whose task was cancelled, or a stream whose reader stopped.
    var cancellations: Int { state.withLock { $0.cancellations } }

    /// The next streamed body to write, in the order the requests came.
    func nextStream() async -> OpenStream? {
        var iterator = streams.makeAsyncIterator()
        return await iterator.next()
    }

    /// Returns once `count` requests have been cancelled.
    func waitForCancellations(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.cancellations >= count { return true }
                state.cancellationWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func recordCancellation() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.cancellations += 1
            let count = state.cancellations
            defer { state.cancellationWaiters.removeAll { $0.count <= count } }
            return state.cancellationWaiters.filter { $0.count <= count }.map(\.continuation)
        }
        for waiter in ready { waiter.resume() }
    }

    func send(_ request: URLRequest, bodyFile: URL?) async throws -> (Data, HTTPURLResponse) {
        state.withLock { $0.requests.append(request) }
        switch answer(request) {
        case .respond(let status, let headers, let body):
            return (body, try Self.response(request, status: status, headers: headers))
        case .stream:
            Issue.record("a streamed answer to send(_:bodyFile:)")
            throw CancellationError()
        case .hang:
            try await hang()
        }
    }

    func stream(_ request: URLRequest) async throws -> HTTPStreamedResponse {
        state.withLock { $0.requests.append(request) }
        switch answer(request) {
        case .respond(let status, let headers, let body):
            return HTTPStreamedResponse(response: try Self.response(request, status: status, headers: headers), body: .complete(body))
        case .stream(let status, let headers, let bufferLimit):
            let (body, writer) = HTTPResponseBody.makeStream(bufferLimit: bufferLimit) { [weak self] in self?.recordCancellation() }
            streamsContinuation.yield(OpenStream(request: request, writer: writer))
            return HTTPStreamedResponse(response: try Self.response(request, status: status, headers: headers), body: body)
        case .hang:
            try await hang()
        }
    }

    /// Waits until the task is cancelled, then counts the cancellation and throws.
    private func hang() async throws -> Never {
        let (stream, continuation) = AsyncStream.makeStream(of: Never.self)
        await withTaskCancellationHandler {
            for await _ in stream {}
        } onCancel: {
            continuation.finish()
        }
        recordCancellation()
        throw URLError(.cancelled)
    }

    private static func response(_ request: URLRequest, status: Int, headers: [String: String]) throws -> HTTPURLResponse {
        let url = try #require(request.url)
        return try #require(HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))
    }
}

/// Fails the test instead of hanging it when `operation` does not finish within `seconds`: a
/// bound for a broken test, never a way to wait for something.
func bounded<Value: Sendable>(
    seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            return nil
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() ?? nil else {
            Issue.record("did not finish within \(seconds) seconds", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return value
    }
}
