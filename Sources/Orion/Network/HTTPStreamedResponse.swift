import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response whose head has arrived and whose body is read as the server writes it: what
/// ``HTTPClient/stream(_:)`` returns.
public struct HTTPStreamedResponse: Sendable {
    /// The status and headers.
    public var response: HTTPURLResponse
    /// The body's chunks, in order; reading it to the end or stopping ends the request.
    public var body: HTTPResponseBody

    public init(response: HTTPURLResponse, body: HTTPResponseBody) {
        self.response = response
        self.body = body
    }
}
