import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP request whose body is read as the server writes it, for responses that last as long
/// as a subscription. Built on `URLSessionDataDelegate` because `URLSession.bytes(for:)` does not
/// exist on Linux.
enum StreamingResponse {
    enum Event: Sendable {
        /// The status and headers, first.
        case response(HTTPURLResponse)
        /// The next bytes of the body, in order.
        case data(Data)
    }

    /// Sends `request`; ending the iteration cancels it.
    static func start(_ request: URLRequest, configuration: URLSessionConfiguration = .default) -> AsyncThrowingStream<Event, any Error> {
        AsyncThrowingStream { continuation in
            let delegate = Delegate(continuation: continuation)
            // A session per request: its delegate belongs to this one stream. Delegate calls come
            // one at a time from the session's serial queue, so chunks keep their order.
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            let task = session.dataTask(with: request)
            continuation.onTermination = { _ in
                task.cancel()
                session.invalidateAndCancel()
            }
            task.resume()
        }
    }

    private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
        private let continuation: AsyncThrowingStream<Event, any Error>.Continuation

        init(continuation: AsyncThrowingStream<Event, any Error>.Continuation) {
            self.continuation = continuation
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            guard let response = response as? HTTPURLResponse else {
                continuation.finish(throwing: NetworkError.notHTTP)
                completionHandler(.cancel)
                return
            }
            continuation.yield(.response(response))
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            continuation.yield(.data(data))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if let error {
                continuation.finish(throwing: (error as? URLError).map(NetworkError.transport) ?? error)
            } else {
                continuation.finish()
            }
            session.finishTasksAndInvalidate()
        }
    }
}
