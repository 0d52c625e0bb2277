import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of `URLSessionClient`'s streaming session: hands each task's events to its
/// ``StreamingTask``. Its calls come one at a time from the session's serial queue.
final class StreamingSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let tasks = Mutex<[Int: StreamingTask]>([:])

    /// Call before the task resumes.
    func register(_ task: StreamingTask) {
        tasks.withLock { $0[task.task.taskIdentifier] = task }
    }

    private func streamingTask(_ task: URLSessionTask) -> StreamingTask? {
        tasks.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(streamingTask(dataTask)?.receive(response) ?? .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        streamingTask(dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let streamingTask = tasks.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        streamingTask?.complete(error)
    }
}

/// One streamed request: waits for the head, then writes the body's chunks into an
/// ``HTTPResponseBody``, suspending the task while the body's buffer is full.
final class StreamingTask: Sendable {
    private enum Phase {
        case head(CheckedContinuation<HTTPStreamedResponse, any Error>)
        case body(HTTPResponseBody.Writer)
        case done
    }

    let task: URLSessionDataTask
    private let bufferLimit: Int
    private let state: Mutex<(phase: Phase, suspended: Bool)>

    init(task: URLSessionDataTask, bufferLimit: Int, head: CheckedContinuation<HTTPStreamedResponse, any Error>) {
        self.task = task
        self.bufferLimit = bufferLimit
        state = Mutex((.head(head), false))
    }

    func receive(_ response: URLResponse) -> URLSession.ResponseDisposition {
        let task = self.task
        guard let response = response as? HTTPURLResponse else {
            head()?.resume(throwing: NetworkError.notHTTP)
            return .cancel
        }
        // The reader stopping cancels the request.
        let (body, writer) = HTTPResponseBody.makeStream(bufferLimit: bufferLimit) { task.cancel() }
        let continuation = state.withLock { state -> CheckedContinuation<HTTPStreamedResponse, any Error>? in
            guard case .head(let continuation) = state.phase else { return nil }
            state.phase = .body(writer)
            return continuation
        }
        continuation?.resume(returning: HTTPStreamedResponse(response: response, body: body))
        return continuation == nil ? .cancel : .allow
    }

    func receive(_ data: Data) {
        let writer = state.withLock { state -> HTTPResponseBody.Writer? in
            guard case .body(let writer) = state.phase else { return nil }
            return writer
        }
        guard let writer, !writer.offer(data) else { return }
        // The buffer is full: no more reading until the reader makes room. Chunks the session
        // already read still arrive, and are buffered; suspend only once.
        let alreadySuspended = state.withLock { state in
            defer { state.suspended = true }
            return state.suspended
        }
        guard !alreadySuspended else { return }
        task.suspend()
        writer.flow.whenRoom { [state, task] in
            state.withLock { $0.suspended = false }
            task.resume()
        }
    }

    func complete(_ error: (any Error)?) {
        let phase = state.withLock { state in
            defer { state.phase = .done }
            return state.phase
        }
        switch phase {
        case .head(let continuation):
            continuation.resume(throwing: error.map(NetworkError.from) ?? NetworkError.notHTTP)
        case .body(let writer):
            writer.finish(throwing: error.map(NetworkError.from))
        case .done:
            break
        }
    }

    /// Takes the head's continuation, ending the request's wait for it.
    private func head() -> CheckedContinuation<HTTPStreamedResponse, any Error>? {
        state.withLock { state in
            guard case .head(let continuation) = state.phase else { return nil }
            state.phase = .done
            return continuation
        }
    }
}
