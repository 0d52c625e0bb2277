import Foundation
import Orion
import OrionAPI
import OrionCache

/// The events of one subscription type that a test sends through a ``MockNetworkTransport``:
/// each ``send(_:)`` reaches every active subscriber of that type, as an event from the server
/// would.
///
/// Events sent before anyone subscribes wait for the first subscriber, so a test can script a
/// whole stream up front. Events reach each subscriber in the order they were sent; each is
/// written to the client's cache (under the subscription's cache policy) before its subscriber
/// sees it, as with a real transport. A body that does not parse arrives in band as a result
/// with one error, and the stream goes on, as on a real transport.
public final class MockSubscriptionFeed<Subscription: GraphQLSubscription>: Sendable {
    private struct Subscriber {
        let deliver: @Sendable (MockResponse<Subscription>) -> Void
        let end: @Sendable ((any Error)?) -> Void
    }

    private struct State {
        var subscribers: [UUID: Subscriber] = [:]
        /// Sent before anyone subscribed.
        var pending: [MockResponse<Subscription>] = []
        /// Set by `finish`: later subscribers end at once, after the pending events.
        var ending: Ending?
    }

    private enum Ending {
        case finished
        case failed(any Error)

        var error: (any Error)? {
            if case .failed(let error) = self { return error }
            return nil
        }
    }

    private let state = Mutex(State())
    /// Updated under `state`'s lock, so that it sees the counts in their order.
    private let listening = CountWaiters()

    init() {}

    /// How many subscribers are listening now.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Sends one event to every subscriber, or keeps it for the first one. A `.failure`
    /// response ends the subscribers' streams with its error, as a transport's failure would.
    public func send(_ response: MockResponse<Subscription>) {
        if case .failure(let error) = response.payload {
            finish(throwing: error)
            return
        }
        // Delivered under the lock, so that events from concurrent senders reach every
        // subscriber in one order; delivering only yields to a stream, which never calls back.
        state.withLock { state in
            guard !state.subscribers.isEmpty else {
                state.pending.append(response)
                return
            }
            for subscriber in state.subscribers.values { subscriber.deliver(response) }
        }
    }

    /// Ends every subscriber's stream, as the server completing the subscription (or failing it,
    /// with `error`). Subscribers that come later end at once.
    public func finish(throwing error: (any Error)? = nil) {
        let ended = state.withLock { state in
            state.ending = error.map(Ending.failed) ?? .finished
            defer {
                state.subscribers = [:]
                listening.update(0)
            }
            return Array(state.subscribers.values)
        }
        // Outside the lock: finishing a stream runs its termination handler, which detaches.
        for subscriber in ended { subscriber.end(error) }
    }

    /// Returns once at least `count` subscribers are listening (or the waiting task is
    /// cancelled): for a test to send only after the code under test has subscribed.
    public func waitForSubscribers(count: Int = 1) async {
        await listening.wait(forAtLeast: count)
    }

    private func detach(_ id: UUID) {
        state.withLock { state in
            state.subscribers[id] = nil
            listening.update(state.subscribers.count)
        }
    }

    /// Starts one subscriber's stream of events.
    func subscribe<Element: Sendable>(
        _ subscription: Subscription,
        transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream { continuation in
            let id = UUID()
            let subscriber = Subscriber(
                deliver: { response in
                    guard case .body(let body) = response.payload else { return }
                    let event: SubscriptionEvent<Subscription.Data>
                    do throws(ResponseParsingError) {
                        event = try SubscriptionEvent.parse(body, for: subscription)
                    } catch {
                        event = .malformed(error)
                    }
                    continuation.yield(transform(event))
                },
                end: { error in continuation.finish(throwing: error) }
            )
            let ending = state.withLock { state -> Ending? in
                for response in state.pending { subscriber.deliver(response) }
                state.pending = []
                if state.ending == nil { state.subscribers[id] = subscriber }
                listening.update(state.subscribers.count)
                return state.ending
            }
            if let ending {
                continuation.finish(throwing: ending.error)
                return
            }
            continuation.onTermination = { [weak self] _ in self?.detach(id) }
        }
    }
}
