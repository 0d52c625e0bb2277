import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OrionAPI
import OrionCache

/// Subscriptions over HTTP: one POST whose response is `multipart/mixed;subscriptionSpec=1.0`,
/// a part per event, read as it arrives.
///
/// The request is built by the interceptor chain, so that interceptors that add headers
/// (authorization, client name) apply; the chain's network step is replaced by the streaming
/// request, so interceptors that read or change the response (cache, parsing, retry) do not run
/// for subscriptions, and automatic persisted queries are not used: the document is always sent.
extension RequestChainNetworkTransport {
    /// The `Accept` header of the multipart subscription protocol, with plain JSON for the
    /// errors a server returns before the subscription starts.
    static let multipartSubscriptionAccept = "multipart/mixed;subscriptionSpec=1.0,application/json"

    public func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription, transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        let transport = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let request = try await transport.subscriptionRequest(for: subscription)
                    try await Self.receiveEvents(for: request, of: subscription) { continuation.yield(transform($0)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Task.isCancelled ? CancellationError() : error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The request as the interceptors leave it just before the network step.
    func subscriptionRequest<Subscription: GraphQLSubscription>(for subscription: Subscription) async throws -> URLRequest {
        let request = HTTPRequest(operation: subscription, url: url, method: .post, headers: additionalHeaders, timeout: requestTimeout)
        let captured = Mutex<HTTPRequest<Subscription>?>(nil)
        do {
            _ = try await Self.run(request, through: interceptorProvider.interceptors(for: subscription)[...]) { final in
                captured.withLock { $0 = final }
                throw CancellationError()
            }
        } catch {
            // Whatever the interceptors made of the stop at the network step; an error before it
            // (an interceptor that failed) is the subscription's.
            guard captured.withLock({ $0 }) != nil else { throw error }
        }
        guard var final = captured.withLock({ $0 }) else { throw CancellationError() }
        final.method = .post
        final.files = []
        final.sendsDocument = true
        final.sendsPersistedQueryHash = false
        var (urlRequest, _) = try RequestBody.make(final)
        urlRequest.setValue(Self.multipartSubscriptionAccept, forHTTPHeaderField: "Accept")
        return urlRequest
    }

    /// Sends the request and yields an event per payload part, skipping heartbeats. A server
    /// that answers with a single JSON response (an error before the subscription started, or
    /// no multipart support) gives that one result.
    static func receiveEvents<Subscription: GraphQLSubscription>(
        for request: URLRequest, of subscription: Subscription, yield: (SubscriptionEvent<Subscription.Data>) -> Void
    ) async throws {
        var parser = MultipartSubscriptionParser(boundary: "-")
        var isMultipart = false
        var body = Data()
        var statusCode = 0
        var contentType: String?
        for try await event in StreamingResponse.start(request) {
            switch event {
            case .response(let response):
                statusCode = response.statusCode
                contentType = response.value(forHTTPHeaderField: "Content-Type")
                if (200..<300).contains(statusCode), let boundary = contentType.flatMap(MultipartSubscriptionParser.boundary(fromContentType:)) {
                    parser = MultipartSubscriptionParser(boundary: boundary)
                    isMultipart = true
                }
            case .data(let chunk):
                guard isMultipart else {
                    body.append(chunk)
                    continue
                }
                for part in try parser.append(chunk) {
                    switch part {
                    case .heartbeat:
                        continue
                    case .payload(let payload):
                        yield(try SubscriptionEvent.parse(payload, for: subscription))
                    case .transportErrors(let errors):
                        throw SubscriptionError.transportErrors(errors.map { GraphQLError(json: $0) ?? GraphQLError(message: "\($0)") })
                    }
                }
                if parser.isComplete { return }
            }
        }
        if isMultipart {
            try parser.finish()
            return
        }
        guard (200..<300).contains(statusCode) else {
            let errors = (try? GraphQLResponse.parse(body, for: subscription))?.errors ?? []
            throw ResponseCodeError(statusCode: statusCode, body: body, graphQLErrors: errors)
        }
        guard let contentType, contentType.lowercased().contains("json") else { throw SubscriptionError.unexpectedContentType(contentType) }
        yield(try SubscriptionEvent.parse(body, for: subscription))
    }
}
