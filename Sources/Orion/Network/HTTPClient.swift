import OrionCache
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends HTTP requests: the network fetch at the end of the request chain.
public protocol HTTPClient: Sendable {
    /// Sends `request` (with the body in `bodyFile` when given, streamed from disk) and returns
    /// the response. Cancelling the task cancels the request.
    func send(_ request: URLRequest, bodyFile: URL?) async throws -> (Data, HTTPURLResponse)
}

/// `HTTPClient` over `URLSession`.
public final class URLSessionClient: HTTPClient {
    private let session: URLSession

    public init(configuration: URLSessionConfiguration = .default) {
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: URLRequest, bodyFile: URL?) async throws -> (Data, HTTPURLResponse) {
        let holder = TaskHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), Error>) in
                let completion: @Sendable (Data?, URLResponse?, Error?) -> Void = { data, response, error in
                    if let error {
                        continuation.resume(throwing: (error as? URLError).map(NetworkError.transport) ?? error)
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
