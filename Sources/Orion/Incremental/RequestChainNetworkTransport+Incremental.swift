import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OrionAPI

/// Incremental delivery over HTTP: one POST whose response is `multipart/mixed`, a part per
/// payload, each read as it arrives (the parser of multipart subscriptions, reading parts as
/// response objects) and merged by ``IncrementalResponse``.
///
/// As for multipart subscriptions, the request goes through the interceptors' `prepare` phase
/// (headers, authorization, persisted queries by id) but not their `intercept` phase, whose
/// response is a single one: automatic persisted queries and retries do not apply; the client
/// writes each step to the cache. `requestTimeout` bounds the wait for the response's status and
/// headers, not the later payloads.
extension RequestChainNetworkTransport: IncrementalNetworkTransport {
    /// The `Accept` header of a query with deferred fragments: the later incremental delivery
    /// format first, the 2022-08-24 one Apollo's servers speak next, then plain JSON for a server
    /// that answers all at once.
    static let incrementalDeliveryAccept = "multipart/mixed;incrementalSpec=v0.2,multipart/mixed;deferSpec=20220824,application/json"

    public func sendIncrementally<Operation: GraphQLOperation>(
        _ operation: Operation
    ) -> AsyncThrowingStream<GraphQLResult<Operation.Data>, any Error> {
        let transport = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let request = try await transport.streamingRequest(for: operation, accept: Self.incrementalDeliveryAccept)
                    try await transport.receiveIncrementalResults(for: request, of: operation) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Task.isCancelled ? CancellationError() : error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends the request and yields the merged result after each payload part, until one says
    /// `hasNext: false`. A server that answers with a single JSON response gives that one result.
    func receiveIncrementalResults<Operation: GraphQLOperation>(
        for request: (URLRequest, timeout: TimeInterval, identifiedOnly: Bool), of operation: Operation,
        yield: (GraphQLResult<Operation.Data>) -> Void
    ) async throws {
        let (urlRequest, timeout, identifiedOnly) = request
        let client = self.client
        let streamed = try await Deadline(seconds: timeout, clock: clock).run { try await client.stream(urlRequest) }
        let statusCode = streamed.response.statusCode
        let contentType = streamed.response.value(forHTTPHeaderField: "Content-Type")
        guard (200..<300).contains(statusCode), let boundary = contentType.flatMap(MultipartSubscriptionParser.boundary(fromContentType:)) else {
            var body = Data()
            for try await chunk in streamed.body { body.append(chunk) }
            let parsed = Result { () throws(ResponseParsingError) in try GraphQLResponse.parse(body, for: operation) }
            let errors = (try? parsed.get())?.errors ?? []
            if identifiedOnly, let refusal = PersistedQueryError(
                refusal: errors, operationName: Operation.operationName, identifier: Operation.operationDocument.identifier) {
                throw refusal
            }
            guard (200..<300).contains(statusCode) else { throw ResponseCodeError(statusCode: statusCode, body: body, graphQLErrors: errors) }
            return yield(try parsed.get())
        }
        var parser = MultipartSubscriptionParser(boundary: boundary, content: .incrementalDelivery)
        var response = IncrementalResponse()
        for try await chunk in streamed.body {
            for part in try parser.append(chunk) {
                switch part {
                case .heartbeat, .transportErrors:
                    continue
                case .payload(let payload):
                    try response.apply(payload)
                    yield(try response.result(for: operation))
                    // The response is whole: the rest of the stream (its final delimiter) is not waited for.
                    if !response.hasNext { return }
                case .malformed(let error):
                    throw error
                }
            }
            if parser.isComplete { break }
        }
        try parser.finish()
        throw ResponseParsingError.notAGraphQLResponse(reason: "the multipart response ended before a payload with \"hasNext\": false.")
    }
}
