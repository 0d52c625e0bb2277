import Foundation
import Orion
import OrionAPI

/// The envelope both subprotocols share, `{"type": …, "id": …, "payload": …}`, read from and
/// written to JSON text. Each message type decides which fields it needs; this reads them and
/// says precisely what is wrong when one is missing or of the wrong kind.
struct WebSocketMessageJSON {
    let subprotocol: String
    let type: String
    private let text: String
    private let object: ResponseObject

    /// Reads the text and its `type`.
    init(text: String, subprotocol: String) throws(WebSocketProtocolError) {
        self.subprotocol = subprotocol
        self.text = text
        let tape: JSONTape
        do {
            tape = try JSONTape(string: text)
        } catch {
            throw .invalidJSON(
                subprotocol: subprotocol, reason: "\(error.message) at line \(error.line), column \(error.column)",
                excerpt: Self.excerpt(text)
            )
        }
        guard let object = try? tape.root.decodeObject() else {
            throw .notAnObject(subprotocol: subprotocol, excerpt: Self.excerpt(text))
        }
        self.object = object
        guard let typeValue = object.value(forKey: "type" as StaticString) else { throw .missingType(subprotocol: subprotocol, found: nil) }
        guard let type = try? typeValue.decodeString() else {
            throw .missingType(subprotocol: subprotocol, found: Self.describe(typeValue.decodeJSON()))
        }
        self.type = type
    }

    /// The operation id a message of this type must carry.
    func id() throws(WebSocketProtocolError) -> String {
        guard let value = object.value(forKey: "id" as StaticString) else {
            throw .missingID(subprotocol: subprotocol, messageType: type, found: nil)
        }
        guard let id = try? value.decodeString() else {
            throw .missingID(subprotocol: subprotocol, messageType: type, found: Self.describe(value.decodeJSON()))
        }
        return id
    }

    /// An optional object payload: `nil` when absent or null.
    func optionalObjectPayload() throws(WebSocketProtocolError) -> [String: JSONValue]? {
        guard let value = object.value(forKey: "payload" as StaticString), !value.isNull else { return nil }
        return try objectFields(value.decodeJSON(), expected: "an object or null")
    }

    /// A payload that must be an object.
    func objectPayload(expected: String) throws(WebSocketProtocolError) -> [String: JSONValue] {
        guard let value = object.value(forKey: "payload" as StaticString) else {
            throw .missingPayload(subprotocol: subprotocol, messageType: type, expected: expected)
        }
        return try objectFields(value.decodeJSON(), expected: expected)
    }

    /// A payload that must be an object, as the JSON bytes the peer sent: the runtime parses them
    /// straight into typed models, so they are neither decoded here nor re-encoded.
    func rawObjectPayload(expected: String) throws(WebSocketProtocolError) -> Data {
        _ = try indexedObjectPayload(expected: expected)
        let bytes = Array(text.utf8)
        if let range = RawJSONField.range(of: "payload", in: bytes) { return Data(bytes[range]) }
        // Unreachable for text the tape accepted; re-encoding is the safe answer all the same.
        return JSONEncoding.data(anyPayload())
    }

    /// A payload that must be an object, as indexed with the message: what the transport reads
    /// results from, without a second parse.
    func indexedObjectPayload(expected: String) throws(WebSocketProtocolError) -> ResponseObject {
        guard let value = object.value(forKey: "payload" as StaticString) else {
            throw .missingPayload(subprotocol: subprotocol, messageType: type, expected: expected)
        }
        guard let payload = try? value.decodeObject() else {
            throw .invalidPayload(subprotocol: subprotocol, messageType: type, expected: expected, found: Self.describe(value.decodeJSON()))
        }
        return payload
    }

    /// A payload that must be a list of objects (GraphQL errors).
    func objectListPayload(expected: String) throws(WebSocketProtocolError) -> [JSONValue] {
        guard let value = object.value(forKey: "payload" as StaticString) else {
            throw .missingPayload(subprotocol: subprotocol, messageType: type, expected: expected)
        }
        guard case .list(let elements) = value.decodeJSON() else {
            throw .invalidPayload(subprotocol: subprotocol, messageType: type, expected: expected, found: Self.describe(value.decodeJSON()))
        }
        for (index, element) in elements.enumerated() {
            guard case .object = element else {
                throw .invalidPayload(
                    subprotocol: subprotocol, messageType: type, expected: expected,
                    found: "a list whose element \(index) is \(Self.describe(element))"
                )
            }
        }
        return elements
    }

    /// Any payload: `.null` when absent.
    func anyPayload() -> JSONValue {
        object.value(forKey: "payload" as StaticString)?.decodeJSON() ?? .null
    }

    private func objectFields(_ value: JSONValue, expected: String) throws(WebSocketProtocolError) -> [String: JSONValue] {
        guard case .object(let fields) = value else {
            throw .invalidPayload(subprotocol: subprotocol, messageType: type, expected: expected, found: Self.describe(value))
        }
        return fields
    }

    // MARK: - Writing

    /// What a message carries in its `payload`.
    enum Payload {
        case value(JSONValue)
        /// JSON text already written, sent as it is.
        case raw(Data)
    }

    /// `{"type":…,"id":…,"payload":…}`, fields in that order, the id and payload only when given.
    static func message(type: String, id: String? = nil, payload: Payload? = nil) -> String {
        var text = "{\"type\":"
        JSONEncoding.writeString(type, into: &text)
        if let id {
            text += ",\"id\":"
            JSONEncoding.writeString(id, into: &text)
        }
        switch payload {
        case nil: break
        case .value(let value):
            text += ",\"payload\":"
            JSONEncoding.write(value, into: &text)
        case .raw(let data):
            text += ",\"payload\":"
            text += String(decoding: data, as: UTF8.self)
        }
        text += "}"
        return text
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return String(bool)
        case .int(let int): return "the number \(int)"
        case .double(let double): return "the number \(double)"
        case .string(let string): return string.count > 40 ? "a string" : "the string \"\(string)\""
        case .list: return "a list"
        case .object: return "an object"
        }
    }

    private static func excerpt(_ text: String, limit: Int = 60) -> String {
        let prefix = String(text.prefix(limit)).replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        return "\"" + prefix + (text.count > limit ? "…" : "") + "\""
    }
}
