import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPClient` over `URLSession`, with one configuration for every request it sends, streamed
/// or not.
public final class URLSessionClient: HTTPClient {
    private let session: URLSession
    /// Streams go through a session with a delegate, which sees the body chunk by chunk
    /// (`URLSession.bytes(for:)` does not exist on Linux); same configuration.
    private let streamingSession: URLSession
    private let streams: StreamingSessionDelegate
    /// The bytes a streamed body buffers for its reader before the request is suspended (see
    /// ``HTTPResponseBody``).
    public let streamBufferLimit: Int

    public init(configuration: URLSessionConfiguration = .default, streamBufferLimit: Int = HTTPResponseBody.defaultBufferLimit) {
        session = URLSession(configuration: configuration)
        streams = StreamingSessionDelegate()
        // Serial, so that a task's chunks are handed on in the order they were read.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        streamingSession = URLSession(configuration: configuration, delegate: streams, delegateQueue: queue)
        self.streamBufferLimit = streamBufferLimit
    }

    deinit {
        session.finishTasksAndInvalidate()
        streamingSession.finishTasksAndInvalidate()
    }

    public func send(_ request: URLRequest, bodyFile: URL?) async throws -> (Data, HTTPURLResponse) {
        let holder = TaskHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), Error>) in
                let completion: @Sendable (Data?, URLResponse?, Error?) -> Void = { data, response, error in
                    if let error {
                        continuation.resume(throwing: NetworkError.from(error))
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: NetworkError.notHTTP)
                    }
                }
                let task = bodyFile.map { session.uploadTask(with: request, fromFile: $0, completionHandler: completion) }
                    ?? session.dataTask(with: request, completionHandler: completion)
                holder.start(task)
            }
        } onCancel: {
            holder.cancel()
        }
    }

    public func stream(_ request: URLRequest) async throws -> HTTPStreamedResponse {
        let holder = TaskHolder()
        let bufferLimit = streamBufferLimit
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPStreamedResponse, Error>) in
                let task = streamingSession.dataTask(with: request)
                streams.register(StreamingTask(task: task, bufferLimit: bufferLimit, head: continuation))
                holder.start(task)
            }
        } onCancel: {
            holder.cancel()
        }
    }
}

extension NetworkError {
    /// What a `URLSession` task failed with, as the client reports it.
    static func from(_ error: any Error) -> any Error {
        (error as? URLError).map(NetworkError.transport) ?? error
    }
}

/// Holds the URLSession task so that a cancellation arriving before or after it starts
/// cancels it.
private final class TaskHolder: Sendable {
    private let state = Mutex<(task: URLSessionTask?, cancelled: Bool)>((nil, false))

    func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
