import Foundation
import Orion
import OrionAPI
import RocketReserverAPI
import Testing

/// Queries refetched after a mutation: what its own result does not show (the user's trips
/// after a booking) reaches the cache and its watchers before `perform` returns; a refetch that
/// fails is reported beside the mutation's result, never instead of it.
@Suite struct RefetchQueriesTests {
    @Test func aBookingRefetchesTheUsersTripsAndTheirWatcherSeesThem() async throws {
        let server = try await RocketReserverProcess()
        let tokens = TokenStore()
        let provider = DefaultInterceptorProvider(prepending: [TokenAuthorization(tokens: tokens)])
        let client = OrionClient(networkTransport: RequestChainNetworkTransport(url: server.url, interceptorProvider: provider))
        await tokens.set(try #require(try await client.perform(mutation: LoginMutation(email: "refetch@example.com")).data?.login?.token))
        #expect(try await client.fetch(query: MeQuery()).data?.me?.trips.isEmpty == true)

        let watched = StreamRecorder(client.watch(query: MeQuery(), cachePolicy: .returnCacheDataDontFetch))
        #expect(try await watched.nextElement().data?.me?.trips.isEmpty == true)

        let booked = try await client.perform(mutation: BookTripMutation(id: "93"), refetchQueries: [MeQuery()])
        #expect(booked.data?.bookTrips.success == true)
        #expect(booked.refetchErrors.isEmpty)
        // Refetched before perform returned: the cache has the trip without another fetch.
        let cached = try await client.fetch(query: MeQuery(), cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.data?.me?.trips.compactMap { $0?.fragments.launchSummary.id } == ["93"])
        #expect(try await watched.nextElement().data?.me?.trips.compactMap { $0?.fragments.launchSummary.id } == ["93"])
        watched.cancel()
    }

    @Test func aFailedRefetchIsReportedBesideTheMutationsResult() async throws {
        let server = try FaultServer { request in
            switch request.json?["operationName"] as? String {
            case "BookTrip": return .respond(status: 200, body: CacheTests.booked)
            default: return .respond(status: 503, body: "down for maintenance", contentType: "text/plain")
            }
        }
        let client = OrionClient(url: server.url)
        let booked = try await client.perform(mutation: BookTripMutation(id: "110"), refetchQueries: [LaunchDetailsQuery(launchId: "110"), MeQuery()])
        #expect(booked.data?.bookTrips.success == true, "the mutation's result, whole")
        #expect(booked.refetchErrors.count == 2)
        #expect(booked.refetchErrors.allSatisfy { ($0 as? ResponseCodeError)?.statusCode == 503 })
        #expect(server.requests.count == 3)
    }

    @Test func touchedWatchersRefetchAndOthersDoNot() async throws {
        let server = try FaultServer { request in
            switch request.json?["operationName"] as? String {
            case "BookTrip": return .respond(status: 200, body: CacheTests.booked)
            case "LaunchDetails":
                let id = (request.json?["variables"] as? [String: Any])?["launchId"] as? String ?? ""
                return .respond(status: 200, body: CacheTests.details.replacingOccurrences(of: #""id": "110""#, with: #""id": "\#(id)""#))
            default: return .respond(status: 400, body: #"{"errors": [{"message": "unknown operation"}]}"#)
            }
        }
        let client = OrionClient(url: server.url)
        let touched = StreamRecorder(client.watch(query: LaunchDetailsQuery(launchId: "110")))
        let untouched = StreamRecorder(client.watch(query: LaunchDetailsQuery(launchId: "111")))
        #expect(try await touched.nextElement().data?.launch?.id == "110")
        #expect(try await untouched.nextElement().data?.launch?.id == "111")
        try await server.receivedCount.wait(for: 2, "the watchers' first fetches")

        let booked = try await client.perform(mutation: BookTripMutation(id: "110"), refetchQueries: .touchedWatchers)
        #expect(booked.data?.bookTrips.success == true)
        // The booking wrote Launch:110.isBooked, which only the first watcher reads.
        try await server.receivedCount.wait(for: 4, "the booking and the touched watcher's refetch")
        let details = server.requests.filter { $0.json?["operationName"] as? String == "LaunchDetails" }
        let launchIds = details.compactMap { ($0.json?["variables"] as? [String: Any])?["launchId"] as? String }
        #expect(launchIds.sorted() == ["110", "110", "111"])
        touched.cancel()
        untouched.cancel()
    }
}
