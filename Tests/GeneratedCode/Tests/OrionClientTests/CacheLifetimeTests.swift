import Foundation
import Orion
import OrionAPI
import OrionSQLite
import RocketReserverAPI
import Testing

/// How long cached data lives: expiry by type, by field and by the response's
/// `Cache-Control`, a size bound for the in-memory cache, and garbage collection. Time is a
/// `TestClock` that the tests move on.
@Suite struct CacheLifetimeTests {
    /// A server answering LaunchDetails with `headers`, counting requests, and a client over `store`.
    private func setUp(store: OrionStore, headers: [String: String] = [:]) throws -> (FaultServer, OrionClient) {
        let server = try FaultServer { _ in .respond(status: 200, body: CacheTests.details, headers: headers) }
        let transport = RequestChainNetworkTransport(url: server.url, interceptorProvider: DefaultInterceptorProvider())
        return (server, OrionClient(networkTransport: transport, store: store))
    }

    @Test func fieldsOfATypeWithAMaxAgeGoStale() async throws {
        let clock = TestClock()
        let store = OrionStore(expiration: CacheExpiration(types: ["Rocket": 300]), now: { clock.now })
        let (server, client) = try setUp(store: store)
        _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"))
        clock.advance(by: 299)
        #expect(try await client.fetch(query: LaunchDetailsQuery(launchId: "110")).source == .cache, "fresh: from the cache")
        clock.advance(by: 1)
        let error = await #expect(throws: CacheMissError.self) {
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .returnCacheDataDontFetch)
        }
        #expect(error?.key == "Rocket:falcon9")
        #expect(error?.staleSince == clock.now, "stale from the moment its max age is reached")
        #expect(error.map { "\($0)" }?.contains("stale") == true)
        // returnCacheDataElseFetch treats stale as a miss: back to the server, and fresh again.
        #expect(try await client.fetch(query: LaunchDetailsQuery(launchId: "110")).source == .server)
        #expect(try await client.fetch(query: LaunchDetailsQuery(launchId: "110")).source == .cache)
        #expect(server.requests.count == 2)
    }

    @Test func aFieldsMaxAgeAppliesToThatFieldOnly() throws {
        let store = OrionStore(expiration: CacheExpiration(fields: ["Mission.missionPatch": 0]))
        let data = try LaunchDetailsQuery.Data(jsonObject: (JSONSerialization.jsonObject(with: Data(CacheTests.details.utf8)) as? [String: Any])?["data"] as? [String: Any] ?? [:])
        try store.write(data: data, for: LaunchDetailsQuery(launchId: "110"))
        let error = #expect(throws: CacheMissError.self) { try store.read(query: LaunchDetailsQuery(launchId: "110")) }
        #expect(error?.field == "missionPatch(size:LARGE)", "the rule names the field whatever its arguments")
        // The mission's other fields stay fresh: the summary fragment reads its name.
        let summary = try store.withinReadTransaction { try $0.read(LaunchSummary.self, at: "Launch:110") }
        #expect(summary.mission?.name == "CRS-21")
    }

    @Test func cacheControlMaxAge() async throws {
        let clock = TestClock()
        let staleAtOnce = OrionStore(now: { clock.now })
        let (_, client) = try setUp(store: staleAtOnce, headers: ["Cache-Control": "private, max-age=0"])
        _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"))
        #expect(try await client.fetch(query: LaunchDetailsQuery(launchId: "110")).source == .server, "max-age=0: stale at once")

        let freshForAMinute = OrionStore(now: { clock.now })
        let (_, cachingClient) = try setUp(store: freshForAMinute, headers: ["cache-control": "max-age=60"])
        let written = clock.now
        _ = try await cachingClient.fetch(query: LaunchDetailsQuery(launchId: "110"))
        clock.advance(by: 59)
        #expect(try await cachingClient.fetch(query: LaunchDetailsQuery(launchId: "110")).source == .cache)
        let record = try #require(try freshForAMinute.cache.loadRecords(forKeys: ["Launch:110"])["Launch:110"])
        #expect(record.expirations["site"] == written.addingTimeInterval(60))
        clock.advance(by: 1)
        #expect(try await cachingClient.fetch(query: LaunchDetailsQuery(launchId: "110")).source == .server, "a minute on: stale")

        // no-store speaks to HTTP caches; many servers send it on every response.
        let noStore = OrionStore(now: { clock.now })
        let (_, noStoreClient) = try setUp(store: noStore, headers: ["Cache-Control": "no-store"])
        _ = try await noStoreClient.fetch(query: LaunchDetailsQuery(launchId: "110"))
        #expect(try await noStoreClient.fetch(query: LaunchDetailsQuery(launchId: "110")).source == .cache)
    }

    @Test func expiriesSurviveTheSQLiteFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-expiry-\(UUID().uuidString).sqlite")
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let clock = TestClock()
        let store = OrionStore(cache: try SQLiteNormalizedCache(fileURL: file), now: { clock.now })
        let (server, client) = try setUp(store: store, headers: ["Cache-Control": "max-age=60"])
        _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"))
        let reopened = OrionStore(cache: try SQLiteNormalizedCache(fileURL: file), now: { clock.now })
        clock.advance(by: 59)
        #expect(try reopened.read(query: LaunchDetailsQuery(launchId: "110")).launch?.site == "KSC")
        clock.advance(by: 1)
        #expect(throws: CacheMissError.self) { try reopened.read(query: LaunchDetailsQuery(launchId: "110")) }
        #expect(server.requests.count == 1)
    }

    @Test func theBoundedMemoryCacheEvictsTheLeastRecentlyUsed() throws {
        let cache = InMemoryNormalizedCache(maxRecordCount: 10)
        _ = cache.merge(records: RecordSet(records: (0..<10).map { Record(key: "Launch:\($0)", fields: ["id": .value(.string("\($0)"))]) }))
        #expect(cache.recordCount == 10)
        _ = cache.loadRecords(forKeys: ["Launch:0"])   // the oldest write, used again
        _ = cache.merge(records: ["Launch:10": Record(key: "Launch:10", fields: ["id": .value(.string("10"))])])
        #expect(cache.recordCount == 9, "over the bound: down to 90 %")
        let left = cache.allKeys()
        #expect(left.contains("Launch:0"), "recently read, so kept")
        #expect(left.contains("Launch:10"), "just written, so kept")
        #expect(left.count == 9)
        let evicted = Set((0...10).map { "Launch:\($0)" }).subtracting(left)
        #expect(evicted.count == 2)
        #expect(evicted.allSatisfy { $0 != "Launch:0" && $0 != "Launch:10" })
    }

    @Test func anEvictedRecordMakesItsQueryGoToTheServer() async throws {
        let store = OrionStore(cache: InMemoryNormalizedCache(maxRecordCount: 4))
        let (server, client) = try setUp(store: store)
        _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"))  // 4 records: root, launch, mission, rocket
        #expect(try await client.fetch(query: LaunchDetailsQuery(launchId: "110")).source == .cache)
        _ = try store.merge(records: ["Other:1": Record(key: "Other:1", fields: ["id": .value(.string("1"))])])
        #expect(try await client.fetch(query: LaunchDetailsQuery(launchId: "110")).source == .server)
        #expect(server.requests.count == 2)
    }

    @Test func garbageCollectionRemovesWhatNoRootReaches() throws {
        for cache in [InMemoryNormalizedCache() as any NormalizedCache, try SQLiteNormalizedCache(fileURL: temporaryFile())] {
            let store = OrionStore(cache: cache)
            _ = try store.merge(records: [
                "QUERY_ROOT": Record(key: "QUERY_ROOT", fields: ["launch(id:1)": .reference("Launch:1"), "launches": .list([.reference("Launch:2"), .value(.null)])]),
                "Launch:1": Record(key: "Launch:1", fields: ["rocket": .reference("Rocket:a")]),
                "Launch:2": Record(key: "Launch:2", fields: ["id": .value(.string("2"))]),
                "Rocket:a": Record(key: "Rocket:a", fields: ["id": .value(.string("a"))]),
                "Launch:3": Record(key: "Launch:3", fields: ["rocket": .reference("Rocket:b")]),
                "Rocket:b": Record(key: "Rocket:b", fields: ["id": .value(.string("b"))]),
                "MUTATION_ROOT": Record(key: "MUTATION_ROOT", fields: ["bookTrips": .reference("MUTATION_ROOT.bookTrips")]),
                "MUTATION_ROOT.bookTrips": Record(key: "MUTATION_ROOT.bookTrips", fields: ["success": .value(.bool(true))]),
            ])
            #expect(try store.collectGarbage() == ["Launch:3", "Rocket:b"])
            #expect(try cache.allKeys() == ["QUERY_ROOT", "Launch:1", "Launch:2", "Rocket:a", "MUTATION_ROOT", "MUTATION_ROOT.bookTrips"])
            #expect(try store.collectGarbage().isEmpty, "nothing left to collect")
            if let sqlite = cache as? SQLiteNormalizedCache { try SQLiteNormalizedCache.removeFile(at: sqlite.fileURL) }
        }
    }

    private func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("orion-gc-\(UUID().uuidString).sqlite")
    }
}
