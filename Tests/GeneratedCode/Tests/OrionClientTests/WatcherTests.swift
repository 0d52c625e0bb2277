import Foundation
import Orion
import OrionAPI
import RocketReserverAPI
import Testing

/// Watchers: called back when data they show changes in the cache, silent otherwise, and never
/// after cancel.
@Suite struct WatcherTests {
    /// Results a watcher delivered, in order.
    final class Deliveries: @unchecked Sendable {
        // Guarded by `lock`.
        private var results: [Result<GraphQLResult<LaunchDetailsQuery.Data>, any Error>] = []
        private let lock = NSLock()

        func add(_ result: Result<GraphQLResult<LaunchDetailsQuery.Data>, any Error>) {
            lock.lock()
            results.append(result)
            lock.unlock()
        }

        var all: [Result<GraphQLResult<LaunchDetailsQuery.Data>, any Error>] {
            lock.lock()
            defer { lock.unlock() }
            return results
        }

        /// Waits (up to two seconds) until `count` results have arrived.
        func wait(for count: Int) async throws {
            for _ in 0..<200 where all.count < count { try await Task.sleep(nanoseconds: 10_000_000) }
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
        try await deliveries.wait(for: 1)
        #expect(try deliveries.all.first?.get().data?.launch?.isBooked == false)

        _ = try await client.perform(mutation: BookTripMutation(id: "110"))
        try await deliveries.wait(for: 2)
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
        try await deliveries.wait(for: 1)
        // Another page writes Launch:110 with the same values and fields the watcher does not read.
        _ = try await client.fetch(query: LaunchListQuery(pageSize: 6), cachePolicy: .fetchIgnoringCacheData)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(deliveries.all.count == 1)
        watcher.cancel()
    }

    @Test func cancelledWatchersAreSilentAndReleased() async throws {
        let (_, client) = try setUp()
        let deliveries = Deliveries()
        weak var released: GraphQLQueryWatcher<LaunchDetailsQuery>?
        do {
            let watcher = client.watch(query: LaunchDetailsQuery(launchId: "110"), queue: .global()) { deliveries.add($0) }
            released = watcher
            try await deliveries.wait(for: 1)
            watcher.cancel()
        }
        _ = try await client.perform(mutation: BookTripMutation(id: "110"))
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(deliveries.all.count == 1)
        #expect(released == nil)
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
