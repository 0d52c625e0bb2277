import OrionAPI

/// A subscription that could not start or that the server ended with a fatal error.
public enum SubscriptionError: Error, Sendable, OrionError {
    /// The client's transport cannot run subscriptions.
    case unsupportedTransport(String)
    /// The server ended a multipart subscription with fatal errors of its transport (a part with
    /// top-level `errors`), such as a subgraph it lost.
    case transportErrors([GraphQLError])
    /// The server answered a multipart subscription request with a body that is neither
    /// `multipart/mixed` nor a JSON GraphQL response.
    case unexpectedContentType(String?)

    public var description: String {
        switch self {
        case .unsupportedTransport(let transport):
            return "The client's transport, \(transport), cannot run subscriptions: use a WebSocketTransport, a "
                + "RequestChainNetworkTransport (multipart HTTP), or a SplitNetworkTransport with one of them."
        case .transportErrors(let errors):
            return "The server ended the subscription: " + errors.map(\.message).joined(separator: "; ")
        case .unexpectedContentType(let contentType):
            return "The server answered the subscription with the content type \(contentType.map { "\"\($0)\"" } ?? "(none)"); "
                + "expected multipart/mixed;subscriptionSpec=1.0 (or a JSON GraphQL response)."
        }
    }
}
