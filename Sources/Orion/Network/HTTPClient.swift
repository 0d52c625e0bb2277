import OrionCache
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends HTTP requests: the network fetch at the end of the request chain, and the stream that
/// multipart subscriptions read.
///
/// A test double implements ``send(_:bodyFile:)``; ``stream(_:)`` has a default that sends the
/// request and gives its whole body as one chunk, so a double that does not stream still answers
/// subscriptions (with a body that must be complete).
public protocol HTTPClient: Sendable {
    /// Sends `request` (with the body in `bodyFile` when given, streamed from disk) and returns
    /// the response. Cancelling the task cancels the request.
    func send(_ request: URLRequest, bodyFile: URL?) async throws -> (Data, HTTPURLResponse)

    /// Sends `request` and returns as soon as the status and headers have arrived; the body follows
    /// in ``HTTPStreamedResponse/body``, chunk by chunk, in order, through a bounded buffer (see
    /// ``HTTPResponseBody``).
    ///
    /// Cancelling the task before the head arrives cancels the request; after, the request ends
    /// when the body's reader stops or the body ends.
    func stream(_ request: URLRequest) async throws -> HTTPStreamedResponse
}

extension HTTPClient {
    /// Sends the request with ``send(_:bodyFile:)`` and gives the whole body as one chunk.
    public func stream(_ request: URLRequest) async throws -> HTTPStreamedResponse {
        let (data, response) = try await send(request, bodyFile: nil)
        return HTTPStreamedResponse(response: response, body: .complete(data))
    }
}
