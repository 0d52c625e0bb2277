import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OrionAPI
import OrionCache

/// Subscriptions over HTTP: one POST whose response is `multipart/mixed;subscriptionSpec=1.0`,
/// a part per event, read as it arrives, through the transport's `client` (its
/// ``HTTPClient/stream(_:)``).
///
/// The request goes through the interceptors' `prepare` phase, so that interceptors that add
/// headers (authorization, client name) apply; their `intercept` phase does not run, as the
/// response is a stream (cache, parsing and retry do not apply). Automatic persisted queries are
/// not used (they act in `intercept`): the document is sent, unless a `prepare` sends the
/// operation by id alone (``PersistedQueryInterceptor``, for safelisting). `requestTimeout` bounds the wait for the response's
/// status and headers, not the subscription.
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
                    let request = try await transport.streamingRequest(for: subscription, accept: Self.multipartSubscriptionAccept)
                    try await transport.receiveEvents(for: request, of: subscription) { continuation.yield(transform($0)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Task.isCancelled ? CancellationError() : error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The request as the interceptors' `prepare` phase leaves it, as a POST whose response is
    /// read as a stream (a multipart subscription, or a query with deferred fragments) accepting
    /// `accept`, and whether it goes by id alone (a safelisted persisted query).
    func streamingRequest<Operation: GraphQLOperation>(
        for operation: Operation, accept: String
    ) async throws -> (URLRequest, timeout: TimeInterval, identifiedOnly: Bool) {
        var request = HTTPRequest(operation: operation, url: url, method: .post, headers: additionalHeaders, timeout: requestTimeout)
        request = try await Self.prepare(request, through: interceptorProvider.interceptors(for: operation))
        request.method = .post
        request.files = []
        var (urlRequest, _) = try RequestBody.make(request)
        urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
        return (urlRequest, request.timeout, request.sendsPersistedQueryHash && !request.sendsDocument)
    }

    /// Sends the request and yields an event per payload part, skipping heartbeats; a part whose
    /// payload cannot be read, or that the parser found malformed, is yielded as
    /// ``SubscriptionEvent/malformed(_:)``. A server
    /// that answers with a single JSON response (an error before the subscription started, or
    /// no multipart support) gives that one result; when the request went by id alone and the
    /// server refused the id, it fails with ``PersistedQueryError``, as queries do.
    func receiveEvents<Subscription: GraphQLSubscription>(
        for request: (URLRequest, timeout: TimeInterval, identifiedOnly: Bool), of subscription: Subscription,
        yield: (SubscriptionEvent<Subscription.Data>) -> Void
    ) async throws {
        let client = self.client
        let (urlRequest, timeout, identifiedOnly) = request
        let streamed = try await Deadline(seconds: timeout, clock: clock).run { try await client.stream(urlRequest) }
        let statusCode = streamed.response.statusCode
        let contentType = streamed.response.value(forHTTPHeaderField: "Content-Type")
        guard (200..<300).contains(statusCode), let boundary = contentType.flatMap(MultipartSubscriptionParser.boundary(fromContentType:)) else {
            var body = Data()
            for try await chunk in streamed.body { body.append(chunk) }
            let errors = (try? GraphQLResponse.parse(body, for: subscription))?.errors ?? []
            if identifiedOnly, let refusal = PersistedQueryError(
                refusal: errors, operationName: Subscription.operationName, identifier: Subscription.operationDocument.identifier) {
                throw refusal
            }
            guard (200..<300).contains(statusCode) else {
                throw ResponseCodeError(statusCode: statusCode, body: body, graphQLErrors: errors)
            }
            guard let contentType, contentType.lowercased().contains("json") else { throw SubscriptionError.unexpectedContentType(contentType) }
            yield(try SubscriptionEvent.parse(body, for: subscription))
            return
        }
        var parser = MultipartSubscriptionParser(boundary: boundary)
        let variables = subscription.variablesWithDefaults
        for try await chunk in streamed.body {
            for part in try parser.append(chunk) {
                switch part {
                case .heartbeat:
                    continue
                case .payload(let payload):
                    yield(.reading(payload, variables: variables))
                case .malformed(let error):
                    yield(.malformed(error))
                case .transportErrors(let errors):
                    throw SubscriptionError.transportErrors(errors.map { GraphQLError(json: $0) ?? GraphQLError(message: "\($0)") })
                }
            }
            // Leaving the loop drops the body, which cancels the request.
            if parser.isComplete { return }
        }
        try parser.finish()
    }
}
