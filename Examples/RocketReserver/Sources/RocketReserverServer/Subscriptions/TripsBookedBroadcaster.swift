import Foundation

/// Fans each change in booked trips out to every `tripsBooked` subscriber.
///
/// Each subscriber has its own buffered stream, so a slow client delays nobody else; the
/// stream leaves the broadcaster when its consumer stops iterating it.
actor TripsBookedBroadcaster {
    private var subscribers: [UUID: AsyncStream<Int>.Continuation] = [:]

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

    /// How many subscriptions are listening (tests wait for theirs before booking).
    var subscriberCount: Int { subscribers.count }

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
