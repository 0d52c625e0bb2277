import Foundation
import OrionAPI

/// A request that did not get a usable HTTP response.
public enum NetworkError: Error, Sendable, OrionError {
    /// The connection failed, timed out or was cut (the underlying `URLError`).
    case transport(URLError)
    /// A response that is not HTTP.
    case notHTTP
    /// A file to upload that cannot be read.
    case unreadableFile(URL, reason: String)
    /// The request did not end within its deadline, `HTTPRequest.timeout` (by default
    /// `RequestChainNetworkTransport.requestTimeout`), counted from sending it to the last byte of
    /// the response, and was cancelled. For a subscription, the deadline bounds only the wait for
    /// the response's status and headers.
    case deadlineExceeded(seconds: TimeInterval)

    public var description: String {
        switch self {
        case .transport(let error): return "The request failed: \(error.localizedDescription) (URLError \(error.code.rawValue))."
        case .notHTTP: return "The server's response is not an HTTP response."
        case .unreadableFile(let url, let reason): return "Cannot upload \(url.path): \(reason)"
        case .deadlineExceeded(let seconds):
            return "The request did not finish within its deadline of \(seconds.secondsText) seconds and was cancelled: the server is slow "
                + "or unreachable, or the response is large. Raise RequestChainNetworkTransport.requestTimeout (or set "
                + "HTTPRequest.timeout in an interceptor's prepare) if it needs longer."
        }
    }
}

/// A response whose HTTP status is not 2xx. Its GraphQL errors, when the body had any, are kept.
public struct ResponseCodeError: Error, Sendable, OrionError {
    public var statusCode: Int
    public var body: Data
    public var graphQLErrors: [GraphQLError]

    public init(statusCode: Int, body: Data, graphQLErrors: [GraphQLError] = []) {
        self.statusCode = statusCode
        self.body = body
        self.graphQLErrors = graphQLErrors
    }

    public var description: String {
        var text = "The server answered with HTTP status \(statusCode)"
        if let first = graphQLErrors.first {
            text += ": \(first.message)"
        } else if let excerpt = bodyExcerpt {
            text += ": \(excerpt)"
        }
        return text + "."
    }

    /// The start of the body as text, on one line, for a body that is not a GraphQL response
    /// (a proxy's error page, a stack trace); `nil` when it is empty or not text.
    public var bodyExcerpt: String? {
        guard !body.isEmpty, let text = String(data: body.prefix(Self.excerptLength), encoding: .utf8) else { return nil }
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return body.count > Self.excerptLength ? line + "…" : line
    }

    static let excerptLength = 200
}

private extension TimeInterval {
    /// `60` rather than `60.0`; fractions as they are.
    var secondsText: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
