import Foundation
import OrionAPI

/// A transport that can also run subscriptions: a WebSocket, or HTTP with multipart responses.
///
/// `OrionClient.subscribe` needs one; `SplitNetworkTransport` pairs one with any other transport.
public protocol SubscriptionNetworkTransport: NetworkTransport {
    /// Starts the subscription: one element per result the server sends, until the server ends
    /// it (the stream finishes) or it fails (the stream throws). Ending the iteration stops it on
    /// the server too.
    ///
    /// Each event goes through `transform`, in order, before the stream hands it on: `OrionClient`
    /// writes results to its store there, so that it needs no task and stream of its own between
    /// the transport and the subscriber.
    func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription, transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error>

    /// Starts the subscription as ``subscribe(_:transform:)`` does, handing each result that
    /// arrives as a GraphQL response object (`{"data": …, "errors": …}`, indexed) to `read`
    /// as it is, for the caller to read in code of its own, and any other event to `transform`.
    ///
    /// `OrionClient.subscribe` reads each response in code specialized for the subscription's
    /// data, which looks up no generic metadata per event, as code generic over it must. A
    /// transport with response objects at hand (the WebSocket transport) implements it; the
    /// default hands every event to `transform`.
    func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription,
        readingResponses read: @escaping @Sendable (ResponseObject) -> Element,
        transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error>
}

extension SubscriptionNetworkTransport {
    public func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription,
        readingResponses read: @escaping @Sendable (ResponseObject) -> Element,
        transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        subscribe(subscription, transform: transform)
    }

    /// Starts the subscription: its events as they are.
    public func subscribe<Subscription: GraphQLSubscription>(
        _ subscription: Subscription
    ) -> AsyncThrowingStream<SubscriptionEvent<Subscription.Data>, any Error> {
        subscribe(subscription) { $0 }
    }
}

/// One result of a subscription, with what the cache needs to store it.
public struct SubscriptionEvent<Data: RootSelectionSet>: Sendable {
    /// The typed result, as a query's would be.
    public var result: GraphQLResult<Data>
    /// The result's `data` as the server sent it, which the store normalizes; `nil` when the
    /// result has no data.
    public var dataObject: ResponseObject? { result.dataObject }

    public init(result: GraphQLResult<Data>, dataObject: ResponseObject?) {
        self.result = result
        self.result.dataObject = dataObject
    }
}

extension SubscriptionEvent {
    /// A result parsed from a response, its data object inside.
    @inlinable @inline(__always)
    package init(result: GraphQLResult<Data>) {
        self.result = result
    }

    /// Reads one GraphQL response object (a WebSocket `next` payload, a multipart part's
    /// `payload`) the way HTTP responses are read.
    package static func parse<Subscription: GraphQLOperation>(
        _ body: Foundation.Data, for subscription: Subscription
    ) throws(ResponseParsingError) -> Self where Subscription.Data == Data {
        SubscriptionEvent(result: try GraphQLResponse.parse(body, for: subscription))
    }

    /// An event the client could not read, as a result with no data and one
    /// `GraphQLError(malformedEvent:)` error: what a subscription delivers in its place
    /// before it goes on with the next event.
    @usableFromInline
    package static func malformed(_ error: any OrionError) -> Self {
        SubscriptionEvent(result: GraphQLResult(data: nil, errors: [GraphQLError(malformedEvent: error)], extensions: nil, source: .server))
    }

    /// Reads one GraphQL response object already indexed with the message that carried it,
    /// with the subscription's `variablesWithDefaults`, worked out once for all its events; an
    /// object the client cannot read is a ``malformed(_:)`` event, which does not end the
    /// subscription.
    ///
    /// Inlinable: `OrionClient.subscribe` reads each event with it in code specialized for the
    /// app's data (see `GraphQLResponse.parse(_:as:variables:)`).
    @inlinable
    package static func reading(_ object: ResponseObject, variables: [String: JSONValue]) -> Self {
        do throws(ResponseParsingError) {
            return SubscriptionEvent(result: try GraphQLResponse.parse(object, as: Data.self, variables: variables))
        } catch {
            return .malformed(error)
        }
    }
}
