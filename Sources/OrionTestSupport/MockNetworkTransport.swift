import Foundation
import Orion
import OrionAPI
import OrionCache

/// A transport whose answers a test scripts per operation, and which records every operation it
/// receives: the client, its cache, its watchers and the view models above them run for real,
/// with no server.
///
/// ```swift
/// let transport = MockNetworkTransport()
/// let client = OrionClient(networkTransport: transport)
/// transport.enqueue(.data(["launches": [...]]), for: LaunchListQuery.self)
/// transport.respond(to: BookTripMutation.self) { mutation in
///     .data(["bookTrips": ["__typename": "TripUpdateResponse", "success": true, ...]])
/// }
/// let model = LaunchListViewModel(client: client)
/// await model.loadNextPage()
/// #expect(transport.requests(of: LaunchListQuery.self).map(\.after) == [nil])
/// ```
///
/// A request of an operation is answered by the first response queued for its type
/// (``enqueue(_:for:)``), else by its type's handler (``respond(to:with:)``); with neither it
/// fails with ``MockNetworkTransportError``. Subscriptions receive what the test sends through
/// the type's ``feed(for:)``. Responses are read by the parser of real responses, so data of the
/// wrong shape fails as it would from a server.
public final class MockNetworkTransport: SubscriptionNetworkTransport {
    private struct State {
        /// `[MockResponse<Operation>]` by operation type.
        var queued: [ObjectIdentifier: [any Sendable]] = [:]
        /// `(Operation) async throws -> MockResponse<Operation>` by operation type.
        var handlers: [ObjectIdentifier: any Sendable] = [:]
        /// `MockSubscriptionFeed<Subscription>` by subscription type.
        var feeds: [ObjectIdentifier: any Sendable] = [:]
        var requests: [MockRequest] = []
    }

    private let state = Mutex(State())
    /// Updated under `state`'s lock, so that it sees the counts in their order.
    private let requestCount = CountWaiters()

    /// A transport with nothing scripted.
    public init() {}

    // MARK: Scripting

    /// Queues responses for the next requests of `operation`, answered in order, before its
    /// handler is asked.
    public func enqueue<Operation: GraphQLOperation>(_ responses: MockResponse<Operation>..., for operation: Operation.Type) {
        state.withLock { $0.queued[ObjectIdentifier(operation), default: []].append(contentsOf: responses) }
    }

    /// Answers every request of `operation` that finds no queued response with `handler`, which
    /// sees the operation's variables (and may wait, to hold a response until the test lets it
    /// go). Replaces the type's previous handler.
    public func respond<Operation: GraphQLOperation>(
        to operation: Operation.Type,
        with handler: @escaping @Sendable (Operation) async throws -> MockResponse<Operation>
    ) {
        state.withLock { $0.handlers[ObjectIdentifier(operation)] = handler }
    }

    /// The events of `subscription`'s type: what the test sends there reaches its subscribers.
    public func feed<Subscription: GraphQLSubscription>(for subscription: Subscription.Type) -> MockSubscriptionFeed<Subscription> {
        state.withLock { state in
            let key = ObjectIdentifier(subscription)
            if let feed = state.feeds[key] as? MockSubscriptionFeed<Subscription> { return feed }
            let feed = MockSubscriptionFeed<Subscription>()
            state.feeds[key] = feed
            return feed
        }
    }

    // MARK: What was received

    /// Every operation received, in order: queries, mutations, uploads and subscriptions.
    public var requests: [MockRequest] { state.withLock { $0.requests } }

    /// The operations of one type received, in order, with their typed variables.
    public func requests<Operation: GraphQLOperation>(of operation: Operation.Type) -> [Operation] {
        requests.compactMap { $0.operation(as: operation) }
    }

    /// Returns the requests received once there are at least `count` (or the waiting task is
    /// cancelled): for a test to wait for what the code under test sends from a task of its own.
    @discardableResult
    public func waitForRequests(count: Int) async -> [MockRequest] {
        await requestCount.wait(forAtLeast: count)
        return requests
    }

    // MARK: NetworkTransport

    public func send<Operation: GraphQLOperation>(_ operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
        record(MockRequest(operation, files: files))
        let key = ObjectIdentifier(Operation.self)
        let (queued, handler) = state.withLock { state -> (MockResponse<Operation>?, (@Sendable (Operation) async throws -> MockResponse<Operation>)?) in
            if let next = state.queued[key]?.first as? MockResponse<Operation> {
                state.queued[key]?.removeFirst()
                return (next, nil)
            }
            return (nil, state.handlers[key] as? @Sendable (Operation) async throws -> MockResponse<Operation>)
        }
        if let queued { return try queued.result(for: operation) }
        guard let handler else { throw MockNetworkTransportError(operationName: Operation.operationName) }
        return try await handler(operation).result(for: operation)
    }

    public func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription, transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        record(MockRequest(subscription, files: []))
        return feed(for: Subscription.self).subscribe(subscription, transform: transform)
    }

    private func record(_ request: MockRequest) {
        state.withLock { state in
            state.requests.append(request)
            requestCount.update(state.requests.count)
        }
    }
}
