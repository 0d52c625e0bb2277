import Foundation
import Orion
import OrionAPI

/// What a server's message means to the transport, whichever subprotocol carried it.
enum ServerEvent: Sendable {
    case connectionAck
    /// Legacy `connection_error`: the server refused `connection_init`.
    case connectionRejected(JSONValue)
    /// `ping`: the server expects a `pong` with the same payload.
    case ping(payload: [String: JSONValue]?)
    /// `pong` or legacy `ka`: nothing to do.
    case keepAlive
    /// A result: the GraphQL response object, indexed with the message.
    case next(id: String, payload: ResponseObject)
    case error(id: String, errors: [GraphQLError])
    case complete(id: String)
    /// A message only a client may send.
    case clientMessage(type: String)
}

/// Reads and writes the messages of the configured subprotocol, so that the rest of the
/// transport speaks of events and operations only.
struct SubprotocolCodec: Sendable {
    let choice: WebSocketTransport.SubprotocolChoice

    /// The code the client closes with when the server breaks the protocol: `4400` in
    /// graphql-transport-ws, which defines it; the WebSocket standard's protocol error in
    /// the legacy protocol, which defines none.
    var protocolErrorCloseCode: WebSocketCloseCode {
        choice == .graphqlTransportWS ? .invalidMessage : WebSocketCloseCode(rawValue: 1002)
    }

    func decode(_ text: String) throws(WebSocketProtocolError) -> ServerEvent {
        let message = try WebSocketMessageJSON(text: text, subprotocol: choice.name)
        switch choice {
        case .graphqlTransportWS:
            // Results, most of the traffic, are read from the message's own index.
            if message.type == "next" {
                let id = try message.id()
                return .next(id: id, payload: try message.indexedObjectPayload(expected: GraphQLTransportWSMessage.resultPayload))
            }
            switch try GraphQLTransportWSMessage.decode(message) {
            case .connectionAck: return .connectionAck
            case .ping(let payload): return .ping(payload: payload)
            case .pong: return .keepAlive
            case .error(let id, let payload): return .error(id: id, errors: payload.map(Self.graphQLError))
            case .complete(let id): return .complete(id: id)
            case let message: return .clientMessage(type: message.type)
            }
        case .graphqlWS:
            if message.type == "data" {
                let id = try message.id()
                return .next(id: id, payload: try message.indexedObjectPayload(expected: LegacyGraphQLWSMessage.resultPayload))
            }
            switch try LegacyGraphQLWSMessage.decode(message) {
            case .connectionAck: return .connectionAck
            case .connectionError(let payload): return .connectionRejected(payload)
            case .keepAlive: return .keepAlive
            case .error(let id, let payload):
                // One error object; some servers wrap a list in `errors`.
                if case .list(let errors)? = payload["errors"] { return .error(id: id, errors: errors.map(Self.graphQLError)) }
                return .error(id: id, errors: [Self.graphQLError(.object(payload))])
            case .complete(let id): return .complete(id: id)
            case let message: return .clientMessage(type: message.type)
            }
        }
    }

    func connectionInit(payload: [String: JSONValue]?) -> String {
        switch choice {
        case .graphqlTransportWS: return GraphQLTransportWSMessage.connectionInit(payload: payload).encoded()
        case .graphqlWS: return LegacyGraphQLWSMessage.connectionInit(payload: payload).encoded()
        }
    }

    func start(id: String, payload: [String: JSONValue]) -> String {
        switch choice {
        case .graphqlTransportWS: return GraphQLTransportWSMessage.subscribe(id: id, payload: payload).encoded()
        case .graphqlWS: return LegacyGraphQLWSMessage.start(id: id, payload: payload).encoded()
        }
    }

    func stop(id: String) -> String {
        switch choice {
        case .graphqlTransportWS: return GraphQLTransportWSMessage.complete(id: id).encoded()
        case .graphqlWS: return LegacyGraphQLWSMessage.stop(id: id).encoded()
        }
    }

    func pong(payload: [String: JSONValue]?) -> String {
        GraphQLTransportWSMessage.pong(payload: payload).encoded()
    }

    /// What to send before closing on purpose: legacy servers expect `connection_terminate`.
    var terminate: String? {
        choice == .graphqlWS ? LegacyGraphQLWSMessage.connectionTerminate.encoded() : nil
    }

    private static func graphQLError(_ json: JSONValue) -> GraphQLError {
        GraphQLError(json: json) ?? GraphQLError(message: JSONEncoding.string(json))
    }
}
