import Foundation

/// A request that did not get a usable HTTP response.
public enum NetworkError: Error, Sendable, CustomStringConvertible {
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
public struct ResponseCodeError: Error, Sendable, CustomStringConvertible {
    public var statusCode: Int
    public var body: Data
    public var graphQLErrors: [GraphQLError]

    public var description: String {
        var text = "The server answered with HTTP status \(statusCode)"
        if let first = graphQLErrors.first { text += ": \(first.message)" }
        return text + "."
    }
}
