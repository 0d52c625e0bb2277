import Foundation
import Orion
import OrionAPI

/// Runs subscriptions, and queries and mutations too, over one WebSocket, in the
/// `graphql-transport-ws` subprotocol or the legacy `graphql-ws`.
///
/// ## Connection
/// The socket opens with the first operation, not before. Each socket starts with
/// `connection_init` (carrying ``Configuration/connectingPayload``) and waits for
/// `connection_ack`; operations started meanwhile wait too.
///
/// ## Reconnection
/// When the socket drops, the transport opens it again with exponential backoff and jitter, up
/// to a number of attempts without a working socket (``ReconnectionPolicy``), sends `connection_init` again and restarts every running operation,
/// so a subscriber sees a gap, not an end (a mutation already sent fails instead: it may have run).
/// Operations fail only when the policy gives up, or at
/// once when the server's close code says the client is at fault (4400 invalid message, 4401
/// unauthorized, 4403 forbidden, 4406 subprotocol not acceptable): trying again would fail the
/// same way. Other codes (4409, 4429, 4500, 1001, 1011, …) are retried first.
///
/// ## Errors
/// A subscription event the client cannot read (a `next` whose payload is not a GraphQL
/// response, or whose data has the wrong shape) does not end the subscription: it arrives as a
/// result with no data and one error, `GraphQLError(malformedEvent:)` (its
/// `isMalformedEvent` is true, its `path` says where the data did not match), and the events
/// after it follow as usual.
///
/// An upgrade the server refuses (an HTTP status instead of 101) is reported with its status:
/// ``WebSocketTransportError/upgradeRefused(status:reason:body:)``, at once for a client error.
///
/// Everything that ends an operation early is a ``WebSocketTransportError``: the GraphQL errors
/// of an `error` message, a close code with its explanation, a protocol violation (after which
/// the transport closes the socket, with 4400 in `graphql-transport-ws`).
///
/// Results are not written to a cache here: `OrionClient.subscribe` writes them to its store.
/// Queries sent here do not read the cache; pair an HTTP transport for them with
/// `SplitNetworkTransport`.
public final class WebSocketTransport: SubscriptionNetworkTransport, Sendable {
    /// What the transport was set up with; the connecting payload may have changed since.
    public let configuration: Configuration
    private let session: WebSocketSession
    private let operationCount = Mutex(0)

    public init(configuration: Configuration) {
        self.configuration = configuration
        session = WebSocketSession(configuration: configuration)
    }

    /// A transport for the server at `url` (`ws://` or `wss://`).
    public convenience init(
        url: URL, protocol subprotocol: SubprotocolChoice = .graphqlTransportWS, connectingPayload: [String: JSONValue]? = nil,
        reconnection: ReconnectionPolicy = ReconnectionPolicy(), connector: any WebSocketConnector = PlatformWebSocketConnector()
    ) {
        self.init(configuration: Configuration(
            url: url, subprotocol: subprotocol, connectingPayload: connectingPayload, reconnection: reconnection, connector: connector))
    }

    deinit {
        let session = session
        Task { await session.shutDown() }
    }

    public func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription, transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        let variables = subscription.variablesWithDefaults
        return events(of: subscription) { object in transform(.reading(object, variables: variables)) }
    }

    /// Each `next` message's payload goes to `read` as it is; `transform` is not called, as
    /// every event of this transport is a response object.
    public func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription,
        readingResponses read: @escaping @Sendable (ResponseObject) -> Element,
        transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        events(of: subscription, read: read)
    }

    /// Runs a query or mutation as an operation on the socket: its one result, once the server
    /// completes it.
    public func send<Operation: GraphQLOperation>(
        _ operation: Operation, files: [GraphQLFile] = []
    ) async throws -> GraphQLResult<Operation.Data> {
        guard files.isEmpty else { throw WebSocketTransportError.uploadsNotSupported }
        var last: GraphQLResult<Operation.Data>?
        for try await result in events(of: operation, read: { object throws(ResponseParsingError) in try GraphQLResponse.parse(object, for: operation) }) {
            last = result
        }
        guard let last else { throw WebSocketTransportError.completedWithoutResult(operationName: Operation.operationName) }
        return last
    }

    /// Closes the socket and keeps the operations, to restart them on ``resume()``: for an app
    /// going to the background.
    public func pause() async {
        await session.pause()
    }

    /// Opens the socket again, if there are operations, and restarts them.
    public func resume() async {
        await session.resume()
    }

    /// Sets the `connection_init` payload of the next socket (new credentials, say). With
    /// `reconnect`, the socket is closed and opened again now, so that the running operations
    /// continue under the new payload.
    public func updateConnectingPayload(_ payload: [String: JSONValue]?, reconnect: Bool = false) async {
        await session.updateConnectingPayload(payload, reconnect: reconnect)
    }

    /// The operation's events: each `next` message's payload as `read` makes it an element, in the
    /// task that reads the stream; an error `read` throws ends the stream.
    func events<Operation: GraphQLOperation, Element: Sendable>(
        of operation: Operation, read: @escaping @Sendable (ResponseObject) throws -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        let number = operationCount.withLock { count in
            count += 1
            return count
        }
        let id = String(number)
        let request = HTTPRequest(operation: operation, url: configuration.url)
        let idsOnly = configuration.sendsOperationIDsOnly
        let payload = RequestBody.fields(idsOnly ? request.identifiedOnly(usingGETForQueries: false) : request)
        let session = session
        // Filled on the session's loop, one message after the other: results keep their order.
        let queue = OperationEventQueue()
        let restartable = Operation.operationType != .mutation
        let started = Task { await session.start(id: id, number: number, payload: payload, restartable: restartable, sink: queue.push) }
        let lifetime = OperationLifetime {
            await started.value
            await session.stop(id: id)
        }
        // Results are decoded, and transformed, in the task that reads the stream.
        return AsyncThrowingStream {
            // Held by the stream: when it is gone, the operation stops.
            _ = lifetime
            switch await queue.next() {
            case .next(let object)?:
                return try read(object)
            case .failed(let error)?:
                if idsOnly, case WebSocketTransportError.operationFailed(let errors) = error,
                   let refusal = PersistedQueryError(
                       refusal: errors, operationName: Operation.operationName, identifier: Operation.operationDocument.identifier) {
                    throw refusal
                }
                throw error
            case .completed?, nil:
                // Ended by the server, or the reading task was cancelled: stop it on the server now.
                await started.value
                await session.stop(id: id)
                return nil
            }
        }
    }
}
