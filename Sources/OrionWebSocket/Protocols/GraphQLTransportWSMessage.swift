import Foundation
import OrionAPI

/// A message of the `graphql-transport-ws` subprotocol (the protocol of the graphql-ws library).
///
/// Connection: the client sends `connectionInit`, the server answers `connectionAck`; either side
/// may `ping`, and the other answers `pong`. Operations: the client sends `subscribe` with an id,
/// the server sends `next` results and then `complete`, or a single `error`; the client sends
/// `complete` to stop. Fatal problems close the socket with a ``WebSocketCloseCode``.
public enum GraphQLTransportWSMessage: Sendable, Equatable {
    /// Client to server, first: asks to open the connection. The payload is the server's to
    /// define, typically credentials.
    case connectionInit(payload: [String: JSONValue]?)
    /// Server to client: the connection is open and operations may be sent.
    case connectionAck(payload: [String: JSONValue]?)
    /// Either way: asks the other side to answer with `pong` at once.
    case ping(payload: [String: JSONValue]?)
    /// Either way: the answer to `ping`, or an unsolicited heartbeat.
    case pong(payload: [String: JSONValue]?)
    /// Client to server: starts an operation; the payload holds `query`, and optionally
    /// `operationName`, `variables` and `extensions`.
    case subscribe(id: String, payload: [String: JSONValue])
    /// Server to client: a result of the operation, as the JSON bytes of the GraphQL response
    /// object (`data`, `errors`, `extensions`) the server sent.
    case next(id: String, payload: Data)
    /// Server to client: the operation failed before or while executing (GraphQL errors, each an
    /// object with a `message`); it is over, and no `complete` follows.
    case error(id: String, payload: [JSONValue])
    /// Either way: the operation is over (server), or the client no longer wants it.
    case complete(id: String)

    /// The WebSocket subprotocol to ask for in `Sec-WebSocket-Protocol`.
    public static let subprotocol = "graphql-transport-ws"

    /// Every message type, as it appears in `type`.
    public static let messageTypes = ["connection_init", "connection_ack", "ping", "pong", "subscribe", "next", "error", "complete"]

    /// The message's `type`.
    public var type: String {
        switch self {
        case .connectionInit: return "connection_init"
        case .connectionAck: return "connection_ack"
        case .ping: return "ping"
        case .pong: return "pong"
        case .subscribe: return "subscribe"
        case .next: return "next"
        case .error: return "error"
        case .complete: return "complete"
        }
    }

    /// The message as the JSON text to send. Optional payloads that are `nil` are left out.
    public func encoded() -> String {
        switch self {
        case .connectionInit(let payload), .connectionAck(let payload), .ping(let payload), .pong(let payload):
            return WebSocketMessageJSON.message(type: type, payload: payload.map { .value(.object($0)) })
        case .subscribe(let id, let payload):
            return WebSocketMessageJSON.message(type: type, id: id, payload: .value(.object(payload)))
        case .next(let id, let payload):
            return WebSocketMessageJSON.message(type: type, id: id, payload: .raw(payload))
        case .error(let id, let payload):
            return WebSocketMessageJSON.message(type: type, id: id, payload: .value(.list(payload)))
        case .complete(let id):
            return WebSocketMessageJSON.message(type: type, id: id)
        }
    }

    /// Reads a received message. Fields a type does not use are ignored; `next` payloads are only
    /// checked to be objects, the runtime reads them as GraphQL responses.
    ///
    /// - Throws: ``WebSocketProtocolError`` for text that is not a JSON object, a missing or
    ///   unknown `type`, a missing `id` on an operation's message, or a payload of the wrong kind.
    ///   The protocol asks for the socket to be closed with ``WebSocketCloseCode/invalidMessage``.
    public static func decode(_ text: String) throws(WebSocketProtocolError) -> Self {
        try decode(WebSocketMessageJSON(text: text, subprotocol: subprotocol))
    }

    /// What a `next` payload must be.
    static let resultPayload = "an object, the GraphQL response (data, errors, extensions)"

    static func decode(_ message: WebSocketMessageJSON) throws(WebSocketProtocolError) -> Self {
        switch message.type {
        case "connection_init": return .connectionInit(payload: try message.optionalObjectPayload())
        case "connection_ack": return .connectionAck(payload: try message.optionalObjectPayload())
        case "ping": return .ping(payload: try message.optionalObjectPayload())
        case "pong": return .pong(payload: try message.optionalObjectPayload())
        case "subscribe":
            let id = try message.id()
            return .subscribe(id: id, payload: try message.objectPayload(expected: "an object with the operation's \"query\""))
        case "next":
            let id = try message.id()
            return .next(id: id, payload: try message.rawObjectPayload(expected: resultPayload))
        case "error":
            let id = try message.id()
            return .error(id: id, payload: try message.objectListPayload(expected: "a list of GraphQL errors (objects with a \"message\")"))
        case "complete":
            return .complete(id: try message.id())
        default:
            throw .unknownType(subprotocol: subprotocol, type: message.type, known: messageTypes)
        }
    }
}
