import Foundation
import GraphQL

/// A message of either GraphQL WebSocket protocol: `{"type": ..., "id": ..., "payload": ...}`.
struct GraphQLWSMessage: Sendable {
    let type: String
    let id: String?
    let payload: Map?

    /// Parses a text frame; nil when it is not a JSON object with a string `type` (and a
    /// string `id`, when it has one).
    init?(text: String) {
        guard let json = try? JSONDecoder().decode(Map.self, from: Data(text.utf8)),
              case .dictionary(let fields) = json,
              let type = fields["type"]?.string
        else { return nil }
        let id = fields["id"]
        switch id {
        case .none, .null, .undefined: self.id = nil
        case .string(let string): self.id = string
        default: return nil
        }
        self.type = type
        switch fields["payload"] {
        case .none, .null, .undefined: payload = nil
        case let value: payload = value
        }
    }

    /// The token in a connection_init payload: `authorization` or `Authorization` (raw or
    /// `Bearer <token>`); nil when the payload has none.
    static func token(inInitPayload payload: Map?) -> String? {
        guard case .dictionary(let fields) = payload else { return nil }
        return AuthorizationToken.parse(fields["authorization"]?.string ?? fields["Authorization"]?.string)
    }

    /// `{"type": type}` with an id and a JSON payload when given.
    static func encode(type: String, id: String? = nil, payloadJSON: String? = nil) -> String {
        var text = "{\"type\":" + ResponseJSON.string(type)
        if let id { text += ",\"id\":" + ResponseJSON.string(id) }
        if let payloadJSON { text += ",\"payload\":" + payloadJSON }
        return text + "}"
    }
}
