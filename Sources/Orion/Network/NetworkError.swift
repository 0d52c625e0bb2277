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

    public var description: String {
        switch self {
        case .transport(let error): return "The request failed: \(error.localizedDescription) (URLError \(error.code.rawValue))."
        case .notHTTP: return "The server's response is not an HTTP response."
        case .unreadableFile(let url, let reason): return "Cannot upload \(url.path): \(reason)"
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
