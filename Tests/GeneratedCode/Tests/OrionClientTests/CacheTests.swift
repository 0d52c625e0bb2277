import Foundation
import Orion
import OrionAPI
import OrionSQLite
import RocketReserverAPI
import Testing

/// The normalized cache through the client: cache policies, normalization by key fields, field
/// arguments, partial hits, and results written by mutations showing in queries.
@Suite struct CacheTests {
    static let launchPage = OrionClientTests.launchPage
    static let details = """
        {"data": {"launch": {"__typename": "Launch", "id": "110", "site": "KSC", "isBooked": false,
          "mission": {"__typename": "Mission", "name": "CRS-21", "missionPatch": "https://large"},
          "rocket": {"__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"}}}}
        """
    static let booked = """
        {"data": {"bookTrips": {"__typename": "TripUpdateResponse", "success": true, "message": "booked",
          "launches": [{"__typename": "Launch", "id": "110", "isBooked": true}]}}}
        """

    /// A server that answers by operation name, and a client with a store.
    private func setUp() throws -> (FaultServer, OrionClient) {
        let server = try FaultServer { request in
            switch request.json?["operationName"] as? String {
            case "LaunchList": return .respond(status: 200, body: Self.launchPage)
            case "LaunchDetails": return .respond(status: 200, body: Self.details)
            case "BookTrip": return .respond(status: 200, body: Self.booked)
            default: return .respond(status: 400, body: #"{"errors": [{"message": "unknown operation"}]}"#)
            }
        }
        return (server, OrionClient(url: server.url))
    }

    @Test func returnCacheDataElseFetchAnswersRepeatsFromTheCache() async throws {
        let (server, client) = try setUp()
        let first = try await client.fetch(query: LaunchListQuery(pageSize: 5))
        #expect(first.source == .server)
        let second = try await client.fetch(query: LaunchListQuery(pageSize: 5))
        #expect(second.source == .cache)
        #expect(second.data == first.data)
        #expect(server.requests.count == 1)
        // Other arguments are other data.
        _ = try await client.fetch(query: LaunchListQuery(pageSize: 6))
        #expect(server.requests.count == 2)
    }

    @Test func policiesThatGoToTheServer() async throws {
        let (server, client) = try setUp()
        await #expect(throws: CacheMissError.self) {
            _ = try await client.fetch(query: LaunchListQuery(), cachePolicy: .returnCacheDataDontFetch)
        }
        #expect(server.requests.isEmpty)
        _ = try await client.fetch(query: LaunchListQuery(), cachePolicy: .fetchIgnoringCacheCompletely)
        await #expect(throws: CacheMissError.self, "nothing was written") {
            _ = try await client.fetch(query: LaunchListQuery(), cachePolicy: .returnCacheDataDontFetch)
        }
        _ = try await client.fetch(query: LaunchListQuery(), cachePolicy: .fetchIgnoringCacheData)
        _ = try await client.fetch(query: LaunchListQuery(), cachePolicy: .fetchIgnoringCacheData)
        #expect(server.requests.count == 3, "fetchIgnoringCacheData always asks the server")
        let cached = try await client.fetch(query: LaunchListQuery(), cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.source == .cache)
        #expect(cached.data?.launches.cursor == "c1")
    }

    @Test func returnCacheDataAndFetchGivesTwoResults() async throws {
        let (server, client) = try setUp()
        var sources: [GraphQLResult<LaunchListQuery.Data>.Source] = []
        for try await result in client.fetchResults(query: LaunchListQuery(), cachePolicy: .returnCacheDataAndFetch) { sources.append(result.source) }
        #expect(sources == [.server], "nothing cached yet: the server's result only")
        sources = []
        for try await result in client.fetchResults(query: LaunchListQuery(), cachePolicy: .returnCacheDataAndFetch) { sources.append(result.source) }
        #expect(sources == [.cache, .server])
        #expect(server.requests.count == 2)

        let calls = Counter()
        let delivered: [GraphQLResult<LaunchListQuery.Data>.Source] = await withCheckedContinuation { continuation in
            let collected = Collected<GraphQLResult<LaunchListQuery.Data>.Source>(expected: 2) { continuation.resume(returning: $0) }
            client.fetch(query: LaunchListQuery(), cachePolicy: .returnCacheDataAndFetch, queue: .global()) { result in
                calls.increment()
                if case .success(let graphQLResult) = result { collected.add(graphQLResult.source) }
            }
        }
        #expect(delivered == [.cache, .server])
        #expect(calls.value == 2, "the callback is called twice")
    }

    @Test func objectsAreNormalizedByKeyFieldsAndMutationsUpdateQueries() async throws {
        let (server, client) = try setUp()
        _ = try await client.fetch(query: LaunchListQuery())
        // LaunchDetails selects fields the list did not: a partial hit is a miss.
        let details = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"))
        #expect(details.source == .server)
        #expect(server.requests.count == 2)

        // The mutation's result for Launch:110 changes what both queries read from the cache.
        _ = try await client.perform(mutation: BookTripMutation(id: "110"))
        let list = try await client.fetch(query: LaunchListQuery(), cachePolicy: .returnCacheDataDontFetch)
        #expect(list.data?.launches.launches.first??.isBooked == true)
        let detail = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .returnCacheDataDontFetch)
        #expect(detail.data?.launch?.isBooked == true)
        // Field arguments are stored apart: the list's SMALL patch and the details' LARGE one.
        #expect(list.data?.launches.launches.first??.mission?.missionPatch == "https://p")
        #expect(detail.data?.launch?.mission?.missionPatch == "https://large")
        let records = try client.store.cache.loadRecords(forKeys: ["Launch:110", "Rocket:falcon9", "QUERY_ROOT"])
        #expect(records["Launch:110"]?.fields["isBooked"] == .value(.bool(true)))
        #expect(records["Rocket:falcon9"]?.fields["name"] == .value(.string("Falcon 9")))
        #expect(records["QUERY_ROOT"]?.fields["launch(id:110)"] == .reference("Launch:110"))
        #expect(records["QUERY_ROOT"]?.fields["launches"] == .reference("QUERY_ROOT.launches"))
    }

    @Test func theSQLiteCacheKeepsResultsForTheNextLaunch() async throws {
        let (server, _) = try setUp()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-client-\(UUID().uuidString).sqlite")
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        func client() throws -> OrionClient {
            let store = OrionStore(cache: try SQLiteNormalizedCache(fileURL: file))
            return OrionClient(networkTransport: RequestChainNetworkTransport(url: server.url, interceptorProvider: DefaultInterceptorProvider()), store: store)
        }
        _ = try await client().fetch(query: LaunchListQuery())
        _ = try await client().perform(mutation: BookTripMutation(id: "110"))
        // A new client on the same file, as after the app restarts: no network needed.
        let cached = try await client().fetch(query: LaunchListQuery(), cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.source == .cache)
        #expect(cached.data?.launches.launches.first??.isBooked == true)
        #expect(server.requests.count == 2)
    }
}
