import Foundation
import OrionAPI
import OrionCache

/// An operation on its way to the server, as interceptors see and change it.
public struct HTTPRequest<Operation: GraphQLOperation>: Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    public var operation: Operation
    public var url: URL
    public var method: Method
    /// Headers to send, such as `Authorization`.
    public var headers: [String: String]
    /// Seconds the request may take as a whole, from sending it to the last byte of the response
    /// (for a subscription, to the response's status and headers), before it is cancelled and fails
    /// with ``NetworkError/deadlineExceeded(seconds:)``. Also `URLRequest.timeoutInterval`, the
    /// longest silence between packets.
    public var timeout: TimeInterval
    /// Whether the body carries the document text. Automatic persisted queries first send the
    /// hash alone.
    public var sendsDocument: Bool = true
    /// Whether `extensions.persistedQuery` carries the document's SHA-256.
    public var sendsPersistedQueryHash: Bool = false
    /// Files to upload with the GraphQL multipart request spec.
    public var files: [GraphQLFile] = []
    /// State shared by every attempt of this request (retry counts).
    public let context: RequestContext

    public init(operation: Operation, url: URL, method: Method = .post, headers: [String: String] = [:], timeout: TimeInterval = 60) {
        self.operation = operation
        self.url = url
        self.method = method
        self.headers = headers
        self.timeout = timeout
        self.context = RequestContext()
    }
}

/// What the attempts of one request share: how many times the chain has run for it.
public final class RequestContext: Sendable {
    private let state = Mutex(0)

    /// Counts one more pass through the chain and returns the new count.
    public func beginAttempt() -> Int {
        state.withLock { attempts in
            attempts += 1
            return attempts
        }
    }

    /// The number of passes through the chain so far.
    public var attempts: Int { state.withLock { $0 } }
}
