import Foundation
import Orion
import OrionAPI
import RocketReserverAPI
import Testing

/// Watchers: called back when data they show changes in the cache, silent otherwise, and never
/// after cancel.
@Suite struct WatcherTests {
    /// Results a watcher delivered, in order, and waits for them by event.
    final class Deliveries: @unchecked Sendable {
        // Guarded by `lock`.
        private var results: [Result<GraphQLResult<LaunchDetailsQuery.Data>, any Error>] = []
        private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        private let lock = NSLock()

        func add(_ result: Result<GraphQLResult<LaunchDetailsQuery.Data>, any Error>) {
            lock.lock()
            results.append(result)
            let count = results.count
            let ready = waiters.filter { $0.count <= count }
            waiters.removeAll { $0.count <= count }
            lock.unlock()
            for waiter in ready { waiter.continuation.resume() }
        }

        var all: [Result<GraphQLResult<LaunchDetailsQuery.Data>, any Error>] {
            lock.lock()
            defer { lock.unlock() }
            return results
        }

        /// Returns when `count` results have arrived (a test that fails hangs here until the
        /// test's time limit).
        func wait(for count: Int) async {
            await withCheckedContinuation { continuation in
                lock.lock()
                guard results.count < count else {
                    lock.unlock()
                    continuation.resume()
                    return
                }
                waiters.append((count, continuation))
                lock.unlock()
            }
        }
    }

    private func setUp() throws -> (FaultServer, OrionClient) {
        let server = try FaultServer { request in
            switch request.json?["operationName"] as? String {
            case "LaunchList": return .respond(status: 200, body: CacheTests.launchPage)
            case "LaunchDetails": return .respond(status: 200, body: CacheTests.details)
            case "BookTrip": return .respond(status: 200, body: CacheTests.booked)
            default: return .respond(status: 400, body: #"{"errors": [{"message": "unknown operation"}]}"#)
            }
        }
        return (server, OrionClient(url: server.url))
    }

    @Test func aBookingShowsInTheWatchedLaunchWithoutARefetch() async throws {
        let (server, client) = try setUp()
        let deliveries = Deliveries()
        let watcher = client.watch(query: LaunchDetailsQuery(launchId: "110"), queue: .global()) { deliveries.add($0) }
        await deliveries.wait(for: 1)
        #expect(try deliveries.all.first?.get().data?.launch?.isBooked == false)

        _ = try await client.perform(mutation: BookTripMutation(id: "110"))
        await deliveries.wait(for: 2)
        let update = try #require(try deliveries.all.last?.get())
        #expect(update.data?.launch?.isBooked == true)
        #expect(update.source == .cache)
        #expect(server.requests.filter { $0.json?["operationName"] as? String == "LaunchDetails" }.count == 1, "no refetch")
        watcher.cancel()
    }

    @Test func writesThatChangeNothingItShowsStaySilent() async throws {
        let (_, client) = try setUp()
        let deliveries = Deliveries()
        let watcher = client.watch(query: LaunchDetailsQuery(launchId: "110"), queue: .global()) { deliveries.add($0) }
        await deliveries.wait(for: 1)
        // Another page writes Launch:110 with the same values and fields the watcher does not read.
        _ = try await client.fetch(query: LaunchListQuery(pageSize: 6), cachePolicy: .fetchIgnoringCacheData)
        // Then a booking, which it shows: deliveries follow write order, so had the page brought
        // one, the booking's would be the third.
        _ = try await client.perform(mutation: BookTripMutation(id: "110"))
        await deliveries.wait(for: 2)
        #expect(deliveries.all.count == 2)
        #expect(try deliveries.all.last?.get().data?.launch?.isBooked == true)
        watcher.cancel()
    }

    @Test func cancelledWatchersAreSilentAndReleased() async throws {
        let (_, client) = try setUp()
        let deliveries = Deliveries()
        weak var released: GraphQLQueryWatcher<LaunchDetailsQuery>?
        do {
            let watcher = client.watch(query: LaunchDetailsQuery(launchId: "110"), queue: .global()) { deliveries.add($0) }
            released = watcher
            await deliveries.wait(for: 1)
            watcher.cancel()
        }
        // A live watcher of the same launch, on the same queue, sees the booking: the cancelled
        // one, told of the same write, stays silent.
        let live = Deliveries()
        let liveWatcher = client.watch(query: LaunchDetailsQuery(launchId: "110"), queue: .global()) { live.add($0) }
        await live.wait(for: 1)
        _ = try await client.perform(mutation: BookTripMutation(id: "110"))
        await live.wait(for: 2)
        #expect(deliveries.all.count == 1)
        #expect(released == nil)
        liveWatcher.cancel()
    }

    @Test func watchingAsAStream() async throws {
        let (_, client) = try setUp()
        var booked: [Bool] = []
        for try await result in client.watch(query: LaunchDetailsQuery(launchId: "110")) {
            booked.append(result.data?.launch?.isBooked ?? false)
            if booked.count == 1 { _ = try await client.perform(mutation: BookTripMutation(id: "110")) }
            if booked.count == 2 { break }
        }
        #expect(booked == [false, true])
    }
}
