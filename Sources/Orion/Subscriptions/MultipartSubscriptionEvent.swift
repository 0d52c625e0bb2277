import Foundation
import OrionAPI

/// One complete part of a multipart subscription response (`multipart/mixed;subscriptionSpec=1.0`).
public enum MultipartSubscriptionEvent: Sendable, Equatable {
    /// A part whose body is `{}`: the server keeps the connection open; nothing to deliver.
    case heartbeat
    /// A part's `payload`, a GraphQL response object (`data`, `errors`, `extensions`), read from
    /// the part's one parse: the runtime decodes results from it without parsing it again.
    case payload(ResponseObject)
    /// A part with top-level `errors` (and `payload` null or absent): fatal errors of the
    /// transport, such as a subgraph the router lost. The subscription is over after it.
    case transportErrors([JSONValue])
    /// A part, delimited as the protocol asks, whose body cannot be read: why. The parts after
    /// it are read as usual.
    case malformed(MultipartSubscriptionError)

    /// Events are equal when they are of the same kind with the same JSON values (payloads
    /// compared as JSON, not as text).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.heartbeat, .heartbeat): return true
        case (.payload(let left), .payload(let right)): return JSONValue.object(left.jsonFields) == JSONValue.object(right.jsonFields)
        case (.transportErrors(let left), .transportErrors(let right)): return left == right
        case (.malformed(let left), .malformed(let right)): return left == right
        default: return false
        }
    }
}

extension ResponseObject {
    /// The object's fields as JSON values.
    var jsonFields: [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        forEachField { key, value in fields[key] = value.decodeJSON() }
        return fields
    }
}
