import Foundation
import OrionAPI

/// One complete part of a multipart subscription response (`multipart/mixed;subscriptionSpec=1.0`).
public enum MultipartSubscriptionEvent: Sendable, Equatable {
    /// A part whose body is `{}`: the server keeps the connection open; nothing to deliver.
    case heartbeat
    /// The JSON bytes of a part's `payload`: a GraphQL response object (`data`, `errors`,
    /// `extensions`), exactly as the server wrote them.
    case payload(Data)
    /// A part with top-level `errors` (and `payload` null or absent): fatal errors of the
    /// transport, such as a subgraph the router lost. The subscription is over after it.
    case transportErrors([JSONValue])
}
