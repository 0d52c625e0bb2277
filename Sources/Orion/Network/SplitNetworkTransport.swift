import OrionAPI

/// Sends queries, mutations and uploads through one transport (usually HTTP) and subscriptions through another (usually a WebSocket), so that one
/// `OrionClient` does both.
public struct SplitNetworkTransport: SubscriptionNetworkTransport {
    /// Where queries, mutations and uploads go.
    public let uploadingNetworkTransport: any NetworkTransport
    /// Where subscriptions go.
    public let subscriptionNetworkTransport: any SubscriptionNetworkTransport

    public init(uploadingNetworkTransport: any NetworkTransport, subscriptionNetworkTransport: any SubscriptionNetworkTransport) {
        self.uploadingNetworkTransport = uploadingNetworkTransport
        self.subscriptionNetworkTransport = subscriptionNetworkTransport
    }

    public func send<Operation: GraphQLOperation>(
        _ operation: Operation, files: [GraphQLFile]
    ) async throws -> GraphQLResult<Operation.Data> {
        try await uploadingNetworkTransport.send(operation, files: files)
    }

    public func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription, transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        subscriptionNetworkTransport.subscribe(subscription, transform: transform)
    }

    public func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription,
        readingResponses read: @escaping @Sendable (ResponseObject) -> Element,
        transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        subscriptionNetworkTransport.subscribe(subscription, readingResponses: read, transform: transform)
    }
}
