import Foundation

/// Fans each change in booked trips out to every `tripsBooked` subscriber.
///
/// Each subscriber has its own buffered stream, so a slow client delays nobody else; the
/// stream leaves the broadcaster when its consumer stops iterating it.
actor TripsBookedBroadcaster {
    private var subscribers: [UUID: AsyncStream<Int>.Continuation] = [:] {
        didSet { subscriberCountChanged() }
    }
    /// Who waits for the number of subscribers to meet a condition (`waitForSubscriberCount`).
    private var countWaiters: [UUID: (condition: @Sendable (Int) -> Bool, continuation: CheckedContinuation<Void, Never>)] = [:]

    /// A stream of booked-trip deltas: positive for bookings, -1 for each cancellation.
    func subscribe() -> AsyncStream<Int> {
        let id = UUID()
        // A client that stops reading loses the oldest changes rather than growing memory.
        let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1_000))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.remove(id) }
        }
        subscribers[id] = continuation
        return stream
    }

    func publish(_ delta: Int) {
        for continuation in subscribers.values {
            continuation.yield(delta)
        }
    }

    /// How many subscriptions are listening.
    var subscriberCount: Int { subscribers.count }

    /// Returns once the number of listening subscriptions meets `condition`, or the waiting task
    /// is cancelled (tests wait for theirs before booking).
    func waitForSubscriberCount(_ condition: @escaping @Sendable (Int) -> Bool) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if condition(subscribers.count) || Task.isCancelled {
                    continuation.resume()
                } else {
                    countWaiters[id] = (condition, continuation)
                }
            }
        } onCancel: {
            Task { await self.stopWaiting(id) }
        }
    }

    private func stopWaiting(_ id: UUID) {
        countWaiters.removeValue(forKey: id)?.continuation.resume()
    }

    private func subscriberCountChanged() {
        let count = subscribers.count
        for (id, waiter) in countWaiters where waiter.condition(count) {
            countWaiters[id] = nil
            waiter.continuation.resume()
        }
    }

    /// Ends every stream, so subscriptions complete when the server stops.
    func finishAll() {
        for continuation in subscribers.values {
            continuation.finish()
        }
        subscribers.removeAll()
    }

    private func remove(_ id: UUID) {
        subscribers[id] = nil
    }
}
