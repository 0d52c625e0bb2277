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
        let server = try RocketReserverProcess()
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
}
