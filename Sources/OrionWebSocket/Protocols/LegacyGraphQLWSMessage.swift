import Foundation
import OrionAPI

/// A message of the legacy `graphql-ws` subprotocol of subscriptions-transport-ws, which older
/// servers (Apollo Server 2 among them) still speak.
///
/// Connection: the client sends `connectionInit`; the server answers `connectionAck` (then
/// `keepAlive` now and then) or `connectionError`; the client ends with `connectionTerminate`.
/// Operations: the client sends `start` with an id and `stop` to cancel; the server sends `data`
/// results, an `error` when the operation cannot run, and `complete` when it is over.
public enum LegacyGraphQLWSMessage: Sendable, Equatable {
    /// Client to server, first: asks to open the connection; the payload is the server's
    /// `connectionParams`, typically credentials.
    case connectionInit(payload: [String: JSONValue]?)
    /// Server to client: the connection is open and operations may be started.
    case connectionAck
    /// Server to client: the server refused the connection (or could not read a message); the
    /// payload is the server's error, usually an object with a `message`, kept as sent.
    case connectionError(payload: JSONValue)
    /// Server to client (`ka`): the connection is alive.
    case keepAlive
    /// Client to server: closes the connection.
    case connectionTerminate
    /// Client to server: starts an operation; the payload holds `query`, and optionally
    /// `operationName` and `variables`.
    case start(id: String, payload: [String: JSONValue])
    /// Server to client: a result of the operation, as the JSON bytes of the GraphQL response
    /// object (`data`, `errors`) the server sent.
    case data(id: String, payload: Data)
    /// Server to client: the operation failed before executing; the payload is one error object.
    case error(id: String, payload: [String: JSONValue])
    /// Server to client: the operation is over.
    case complete(id: String)
    /// Client to server: stops the operation.
    case stop(id: String)

    /// The WebSocket subprotocol to ask for in `Sec-WebSocket-Protocol`.
    public static let subprotocol = "graphql-ws"

    /// Every message type, as it appears in `type`.
    public static let messageTypes = [
        "connection_init", "connection_ack", "connection_error", "ka", "connection_terminate", "start", "data", "error", "complete", "stop",
    ]

    /// The message's `type`.
    public var type: String {
        switch self {
        case .connectionInit: return "connection_init"
        case .connectionAck: return "connection_ack"
        case .connectionError: return "connection_error"
        case .keepAlive: return "ka"
        case .connectionTerminate: return "connection_terminate"
        case .start: return "start"
        case .data: return "data"
        case .error: return "error"
        case .complete: return "complete"
        case .stop: return "stop"
        }
    }

    /// The message as the JSON text to send. A `nil` payload is left out.
    public func encoded() -> String {
        switch self {
        case .connectionInit(let payload):
            return WebSocketMessageJSON.message(type: type, payload: payload.map { .value(.object($0)) })
        case .connectionAck, .keepAlive, .connectionTerminate:
            return WebSocketMessageJSON.message(type: type)
        case .connectionError(let payload):
            return WebSocketMessageJSON.message(type: type, payload: .value(payload))
        case .start(let id, let payload), .error(let id, let payload):
            return WebSocketMessageJSON.message(type: type, id: id, payload: .value(.object(payload)))
        case .data(let id, let payload):
            return WebSocketMessageJSON.message(type: type, id: id, payload: .raw(payload))
        case .complete(let id), .stop(let id):
            return WebSocketMessageJSON.message(type: type, id: id)
        }
    }

    /// Reads a received message. Fields a type does not use are ignored; `data` payloads are only
    /// checked to be objects, the runtime reads them as GraphQL responses.
    ///
    /// - Throws: ``WebSocketProtocolError`` for text that is not a JSON object, a missing or
    ///   unknown `type`, a missing `id` on an operation's message, or a payload of the wrong kind.
    public static func decode(_ text: String) throws(WebSocketProtocolError) -> Self {
        try decode(WebSocketMessageJSON(text: text, subprotocol: subprotocol))
    }

    /// What a `data` payload must be.
    static let resultPayload = "an object, the GraphQL response (data, errors)"

    static func decode(_ message: WebSocketMessageJSON) throws(WebSocketProtocolError) -> Self {
        switch message.type {
        case "connection_init": return .connectionInit(payload: try message.optionalObjectPayload())
        case "connection_ack": return .connectionAck
        // Whatever the server says about why it refused is worth showing, so any JSON is kept.
        case "connection_error": return .connectionError(payload: message.anyPayload())
        case "ka": return .keepAlive
        case "connection_terminate": return .connectionTerminate
        case "start":
            let id = try message.id()
            return .start(id: id, payload: try message.objectPayload(expected: "an object with the operation's \"query\""))
        case "data":
            let id = try message.id()
            return .data(id: id, payload: try message.rawObjectPayload(expected: resultPayload))
        case "error":
            let id = try message.id()
            return .error(id: id, payload: try message.objectPayload(expected: "an object, the error (with a \"message\")"))
        case "complete": return .complete(id: try message.id())
        case "stop": return .stop(id: try message.id())
        default:
            throw .unknownType(subprotocol: subprotocol, type: message.type, known: messageTypes)
        }
    }
}
