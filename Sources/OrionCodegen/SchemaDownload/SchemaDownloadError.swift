import Foundation

/// Why a schema could not be downloaded, each case saying what to check.
public enum SchemaDownloadError: Error, Sendable, CustomStringConvertible {
    /// The request did not complete (no server, refused, timed out).
    case network(endpoint: String, reason: String)
    /// The server answered with a status other than 2xx.
    case httpStatus(endpoint: String, status: Int, bodyExcerpt: String)
    /// The body is not JSON, or not a GraphQL response.
    case notAGraphQLResponse(endpoint: String, reason: String, bodyExcerpt: String)
    /// The server answered with errors: introspection is disabled, or the request was refused.
    case graphQLErrors(endpoint: String, messages: [String])

    public var description: String {
        switch self {
        case .network(let endpoint, let reason):
            return "Cannot reach \(endpoint): \(reason). Check the URL and that the server is running."
        case .httpStatus(let endpoint, let status, let excerpt):
            let hint = status == 401 || status == 403 ? " The server wants credentials: pass them with --header 'Authorization: ...'." : ""
            return "\(endpoint) answered HTTP \(status).\(hint) The body began: \(excerpt)"
        case .notAGraphQLResponse(let endpoint, let reason, let excerpt):
            return "\(endpoint) did not answer with a GraphQL response: \(reason) Is it the GraphQL endpoint? The body began: \(excerpt)"
        case .graphQLErrors(let endpoint, let messages):
            let joined = messages.map { "  - \($0)" }.joined(separator: "\n")
            let disabled = messages.contains { $0.localizedCaseInsensitiveContains("introspection") }
            let hint = disabled
                ? "Introspection is disabled on this server: enable it (for development) or get the schema file from its authors."
                : "The server refused the introspection query."
            return "\(endpoint) answered with errors:\n\(joined)\n\(hint)"
        }
    }
}
