import Orion
import OrionAPI

/// Why a WebSocket operation failed or ended early. A caller can match the case; the text says
/// what to do.
public enum WebSocketTransportError: Error, Sendable, Equatable, OrionError {
    /// The socket could not be opened (refused, unreachable, the upgrade failed).
    case connectionFailed(reason: String)
    /// The server answered the WebSocket upgrade with an HTTP response instead of switching
    /// protocols: its status, reason phrase and the start of its body (at most 512 bytes).
    ///
    /// A client error (4xx but 408 and 429) ends the operations at once: asking again would be
    /// refused the same way. Other statuses (408, 429, 5xx) are retried under the
    /// ``WebSocketTransport/ReconnectionPolicy``.
    case upgradeRefused(status: Int, reason: String, body: String)
    /// The server did not answer `connection_init` with `connection_ack` in time.
    case connectionAckTimeout(seconds: Double)
    /// The server refused the connection (legacy `connection_error`), with what it said.
    case connectionRejected(payload: JSONValue)
    /// The server closed the socket with a code that ends the operations (see
    /// ``WebSocketTransport`` for which codes are retried first).
    case closed(code: WebSocketCloseCode, reason: String)
    /// The server sent a message the subprotocol does not allow; the transport closed the socket.
    case protocolViolation(WebSocketProtocolError)
    /// The server sent a message of a known type that it must not send to a client.
    case unexpectedMessage(type: String)
    /// The server ended the operation with GraphQL errors (an `error` message).
    case operationFailed(errors: [GraphQLError])
    /// The server completed a query or mutation without sending its result.
    case completedWithoutResult(operationName: String)
    /// Files cannot be uploaded over a WebSocket.
    case uploadsNotSupported

    public var description: String {
        switch self {
        case .connectionFailed(let reason):
            return "The WebSocket could not be opened: \(reason). Check the URL (ws:// or wss://) and that the server is up."
        case .upgradeRefused(let status, let reason, let body):
            let excerpt = body.isEmpty ? "" : " (\"\(body)\")"
            let advice: String
            switch status {
            case 401: advice = "send the credentials the server expects in the transport's headers"
            case 403: advice = "check the credentials in the transport's headers, and the Origin the server accepts"
            case 404: advice = "check the URL's path: it is not the server's GraphQL WebSocket endpoint"
            case 400, 426: advice = "check that the URL is the server's WebSocket endpoint and that it speaks the configured subprotocol"
            default: advice = "check the server's log"
            }
            return "The server refused the WebSocket upgrade with HTTP \(status)\(reason.isEmpty ? "" : " \(reason)")\(excerpt): \(advice)."
        case .connectionAckTimeout(let seconds):
            return "The server did not acknowledge connection_init within \(seconds) s; check that it speaks the configured "
                + "subprotocol, or raise connectionAckTimeout."
        case .connectionRejected(let payload):
            return "The server rejected the connection: \(JSONEncoding.string(payload)). Check connectingPayload (credentials)."
        case .closed(let code, let reason):
            return "The server closed the WebSocket with \(code)" + (reason.isEmpty ? "." : " (\"\(reason)\").")
        case .protocolViolation(let error):
            return "The server broke the WebSocket protocol, so the socket was closed: \(error)"
        case .unexpectedMessage(let type):
            return "The server sent a \"\(type)\" message, which only a client may send; the socket was closed."
        case .operationFailed(let errors):
            return "The server ended the operation with errors: " + errors.map(\.message).joined(separator: "; ")
        case .completedWithoutResult(let operationName):
            return "The server completed \(operationName) without sending a result."
        case .uploadsNotSupported:
            return "Files cannot be uploaded over a WebSocket: send uploads over HTTP (SplitNetworkTransport)."
        }
    }
}
