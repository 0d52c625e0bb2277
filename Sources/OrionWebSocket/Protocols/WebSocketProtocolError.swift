import OrionAPI

/// A message received over a GraphQL WebSocket that its subprotocol does not allow.
///
/// `subprotocol` is `graphql-transport-ws` or `graphql-ws`, and `messageType` the message's
/// `type`, so that a log line says which conversation went wrong.
public enum WebSocketProtocolError: Error, Sendable, Equatable, OrionError {
    /// The text is not JSON.
    case invalidJSON(subprotocol: String, reason: String, excerpt: String)
    /// The text is JSON but not an object.
    case notAnObject(subprotocol: String, excerpt: String)
    /// The message has no `type`, or a `type` that is not a string.
    case missingType(subprotocol: String, found: String?)
    /// The message's `type` is not one the subprotocol defines.
    case unknownType(subprotocol: String, type: String, known: [String])
    /// A message that belongs to an operation has no `id`, or an `id` that is not a string.
    case missingID(subprotocol: String, messageType: String, found: String?)
    /// A message that needs a `payload` has none.
    case missingPayload(subprotocol: String, messageType: String, expected: String)
    /// A message's `payload` is of the wrong kind.
    case invalidPayload(subprotocol: String, messageType: String, expected: String, found: String)

    public var description: String {
        switch self {
        case .invalidJSON(let subprotocol, let reason, let excerpt):
            return "A \(subprotocol) message is not JSON (\(reason)): \(excerpt); expected a JSON object with a \"type\"."
        case .notAnObject(let subprotocol, let excerpt):
            return "A \(subprotocol) message is JSON but not an object: \(excerpt); expected an object with a \"type\"."
        case .missingType(let subprotocol, let found):
            let problem = found.map { "a \"type\" that is \($0)" } ?? "no \"type\""
            return "A \(subprotocol) message has \(problem); expected a string naming the message type."
        case .unknownType(let subprotocol, let type, let known):
            return "A \(subprotocol) message has the unknown type \"\(type)\"; expected one of "
                + known.map { "\"\($0)\"" }.joined(separator: ", ") + "."
        case .missingID(let subprotocol, let messageType, let found):
            let problem = found.map { "an \"id\" that is \($0)" } ?? "no \"id\""
            return "A \(subprotocol) \"\(messageType)\" message has \(problem); expected the id of its operation, a string."
        case .missingPayload(let subprotocol, let messageType, let expected):
            return "A \(subprotocol) \"\(messageType)\" message has no \"payload\"; expected \(expected)."
        case .invalidPayload(let subprotocol, let messageType, let expected, let found):
            return "A \(subprotocol) \"\(messageType)\" message has a \"payload\" that is \(found); expected \(expected)."
        }
    }
}
