/// The code a WebSocket was closed with: the standard ones a client meets, and the 44xx/45xx codes
/// of `graphql-transport-ws`, by which a server says what fatal problem ended the connection.
/// Any other code is representable too, for servers with codes of their own.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// 1000: the connection was closed on purpose, its work done.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the server is shutting down or restarting.
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1006: the connection dropped without a close frame (never sent on the wire).
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1011: the server hit an unexpected condition.
    public static let internalServerError = WebSocketCloseCode(rawValue: 1011)
    /// 4400: a message was not valid for the subprotocol.
    public static let invalidMessage = WebSocketCloseCode(rawValue: 4400)
    /// 4401: an operation was sent before the server acknowledged the connection.
    public static let unauthorized = WebSocketCloseCode(rawValue: 4401)
    /// 4403: the server refused the connection's `connection_init` payload.
    public static let forbidden = WebSocketCloseCode(rawValue: 4403)
    /// 4406: the server does not speak the subprotocol the client asked for.
    public static let subprotocolNotAcceptable = WebSocketCloseCode(rawValue: 4406)
    /// 4408: no `connection_init` arrived in the time the server allows.
    public static let connectionInitialisationTimeout = WebSocketCloseCode(rawValue: 4408)
    /// 4409: an operation was started with an id that a running operation already has.
    public static let subscriberAlreadyExists = WebSocketCloseCode(rawValue: 4409)
    /// 4429: more than one `connection_init` was sent.
    public static let tooManyInitialisationRequests = WebSocketCloseCode(rawValue: 4429)
    /// 4500: the server failed while handling the connection.
    public static let internalError = WebSocketCloseCode(rawValue: 4500)

    /// What went wrong and what to do about it, for logs and errors.
    public var description: String {
        let explanation: String
        switch self {
        case .normalClosure:
            explanation = "normal closure: the connection was closed on purpose; nothing went wrong"
        case .goingAway:
            explanation = "going away: the server is shutting down or restarting; reconnect after a delay"
        case .abnormalClosure:
            explanation = "abnormal closure: the connection dropped without a close frame (network loss, proxy timeout, server crash); "
                + "reconnect with backoff"
        case .internalServerError:
            explanation = "internal server error: the server hit an unexpected condition; reconnect with backoff, and check the server's logs if it repeats"
        case .invalidMessage:
            explanation = "invalid message: the server could not accept a message the client sent; this is a bug in the client or a "
                + "server that speaks another dialect, check that both use graphql-transport-ws"
        case .unauthorized:
            explanation = "unauthorized: the server received an operation before it acknowledged the connection, or did not accept "
                + "its credentials; wait for connection_ack before subscribing, and set a valid auth token in connectingPayload"
        case .forbidden:
            explanation = "forbidden: the server did not accept the connection payload; set a valid auth token in connectingPayload"
        case .subprotocolNotAcceptable:
            explanation = "subprotocol not acceptable: the server does not speak the requested subprotocol; "
                + "switch between graphql-transport-ws and the legacy graphql-ws"
        case .connectionInitialisationTimeout:
            explanation = "connection initialisation timeout: the server got no connection_init in time; send it as soon as the "
                + "socket opens (and make computing connectingPayload quick)"
        case .subscriberAlreadyExists:
            explanation = "subscriber already exists: an operation was started with an id that a running operation uses; "
                + "give every operation on a connection its own id"
        case .tooManyInitialisationRequests:
            explanation = "too many initialisation requests: connection_init was sent more than once; send it once per connection"
        case .internalError:
            explanation = "internal error: the server failed while handling the connection; reconnect with backoff, and check the "
                + "server's logs if it repeats"
        default:
            explanation = "a close code this client does not know; see the server's documentation"
        }
        return "\(rawValue) \(explanation)"
    }
}
