import Foundation
import Orion
import OrionTestSupport
import RocketReserverAPI
import Testing

/// `MockNetworkTransport` under a real client: scripted responses go through the parser, the
/// cache and the watchers as a server's would, and the transport records what it was sent.
@Suite struct MockNetworkTransportTests {
    static let launch110: [String: JSONValue] = [
        "launch": [
            "__typename": "Launch", "id": "110", "site": "KSC LC 39A", "isBooked": false,
            "mission": ["__typename": "Mission", "name": "CRS-21", "missionPatch": "https://imgur.com/E7fjUBD.png"],
            "rocket": ["__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"],
        ],
    ]

    static func booked(_ id: String, _ isBooked: Bool) -> MockResponse<BookTripMutation> {
        .data([
            "bookTrips": [
                "__typename": "TripUpdateResponse", "success": true, "message": "Booked 1 trip.",
                "launches": [["__typename": "Launch", "id": .string(id), "isBooked": .bool(isBooked)]],
            ],
        ])
    }

    @Test func aQueuedResponseIsParsedCachedAndTheRequestRecorded() async throws {
        let transport = MockNetworkTransport()
        let client = OrionClient(networkTransport: transport)
        transport.enqueue(.data(Self.launch110), for: LaunchDetailsQuery.self)

        let result = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"))
        #expect(result.data?.launch?.mission?.name == "CRS-21")
        #expect(result.source == .server)
        #expect(transport.requests.map(\.operationName) == ["LaunchDetails"])
        #expect(transport.requests.first?.variables == ["launchId": "110"])
        #expect(transport.requests(of: LaunchDetailsQuery.self).map(\.launchId) == ["110"])

        let cached = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.source == .cache)
        #expect(cached.data?.launch?.rocket?.name == "Falcon 9")
        #expect(transport.requests.count == 1, "the cache answered the second fetch")
    }

    @Test func queuedResponsesGoFirstInOrderThenTheHandlerAndNothingElseFails() async throws {
        let transport = MockNetworkTransport()
        let client = OrionClient(networkTransport: transport)
        transport.enqueue(Self.booked("1", true), Self.booked("2", true), for: BookTripMutation.self)
        transport.respond(to: BookTripMutation.self) { mutation in Self.booked(mutation.id, false) }

        var booked: [Bool] = []
        for id in ["1", "2", "3"] {
            let result = try await client.perform(mutation: BookTripMutation(id: id))
            let launch = try #require(result.data?.bookTrips.launches?.first ?? nil)
            booked.append(launch.isBooked)
        }
        #expect(booked == [true, true, false], "two queued responses, then the handler's")

        let error = await #expect(throws: MockNetworkTransportError.self) {
            try await client.fetch(query: LaunchDetailsQuery(launchId: "1"), cachePolicy: .fetchIgnoringCacheData)
        }
        #expect(error?.operationName == "LaunchDetails")
        #expect(error?.description.contains("enqueue(_:for:)") == true, "the message says how to script it")
    }

    @Test func errorsFailuresAndDataOfTheWrongShapeArriveAsFromAServer() async throws {
        let transport = MockNetworkTransport()
        let client = OrionClient(networkTransport: transport)
        let notLoggedIn = GraphQLError(message: "Not logged in", path: [.key("bookTrips")], extensions: ["code": "UNAUTHENTICATED"])
        transport.enqueue(.errors([notLoggedIn]), for: BookTripMutation.self)
        transport.enqueue(.failure(URLError(.notConnectedToInternet)), for: BookTripMutation.self)
        transport.enqueue(.data(["launch": ["__typename": "Launch", "id": 110]]), for: LaunchDetailsQuery.self)
        transport.enqueue(.body("{\"data\": "), for: LaunchDetailsQuery.self)

        let refused = try await client.perform(mutation: BookTripMutation(id: "1"))
        #expect(refused.data == nil)
        #expect(refused.errors == [notLoggedIn], "message, path and extensions as sent")

        await #expect(throws: URLError.self) { try await client.perform(mutation: BookTripMutation(id: "1")) }

        let mismatch = await #expect(throws: ResponseParsingError.self) {
            try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .fetchIgnoringCacheData)
        }
        #expect(mismatch.map { "\($0)" }?.contains("data.launch.id") == true, "names the path: \(String(describing: mismatch))")

        await #expect(throws: ResponseParsingError.self) {
            try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .fetchIgnoringCacheData)
        }
    }

    @Test func aModelBuiltInCodeIsAResponse() async throws {
        let data = try LaunchDetailsQuery.Data(jsonObject: JSONValue.object(Self.launch110).jsonObjectValue as? [String: Any] ?? [:])
        let transport = MockNetworkTransport()
        transport.enqueue(.data(data), for: LaunchDetailsQuery.self)
        let result = try await OrionClient(networkTransport: transport).fetch(query: LaunchDetailsQuery(launchId: "110"))
        #expect(result.data == data)
    }

    @Test func aWatcherSeesAMockedMutationsResultThroughTheCache() async throws {
        let transport = MockNetworkTransport()
        let client = OrionClient(networkTransport: transport)
        transport.enqueue(.data(Self.launch110), for: LaunchDetailsQuery.self)
        transport.enqueue(Self.booked("110", true), for: BookTripMutation.self)

        var updates = client.watch(query: LaunchDetailsQuery(launchId: "110")).makeAsyncIterator()
        let first = try await updates.next()
        #expect(first?.data?.launch?.isBooked == false)
        _ = try await client.perform(mutation: BookTripMutation(id: "110"))
        let second = try await updates.next()
        #expect(second?.data?.launch?.isBooked == true)
        #expect(transport.requests.map(\.operationName) == ["LaunchDetails", "BookTrip"], "the watcher updated from the cache")
    }

    @Test func aTestWaitsForTheRequestsACodeUnderTestSendsOnItsOwn() async throws {
        let transport = MockNetworkTransport()
        let client = OrionClient(networkTransport: transport)
        let (release, gate) = AsyncStream.makeStream(of: Void.self)
        transport.respond(to: LaunchDetailsQuery.self) { _ in
            for await _ in release { break }
            return .data(Self.launch110)
        }
        let fetch = Task { try await client.fetch(query: LaunchDetailsQuery(launchId: "110")) }
        let received = await transport.waitForRequests(count: 1)
        #expect(received.map(\.operationName) == ["LaunchDetails"])
        gate.yield()
        #expect(try await fetch.value.data?.launch?.id == "110")
    }

    @Test func subscriptionsReceiveWhatTheFeedSendsInOrderAndEndWithIt() async throws {
        let transport = MockNetworkTransport()
        let client = OrionClient(networkTransport: transport)
        let feed = transport.feed(for: TripsBookedSubscription.self)
        feed.send(.data(["tripsBooked": 1]))    // before anyone subscribed: kept for the first

        var events = client.subscribe(subscription: TripsBookedSubscription()).makeAsyncIterator()
        await feed.waitForSubscribers()
        #expect(feed.subscriberCount == 1)
        feed.send(.body("not json"))
        feed.send(.data(["tripsBooked": 2]))
        feed.finish()

        #expect(try await events.next()?.data?.tripsBooked == 1)
        let malformed = try await events.next()
        #expect(malformed?.data == nil)
        #expect(malformed?.errors?.count == 1, "a body that does not parse arrives in band, and the stream goes on")
        #expect(try await events.next()?.data?.tripsBooked == 2)
        #expect(try await events.next() == nil, "finish ends the stream")
        #expect(transport.requests.map(\.operationType) == [.subscription])

        // A later subscriber of a finished feed ends at once.
        var late = client.subscribe(subscription: TripsBookedSubscription()).makeAsyncIterator()
        #expect(try await late.next() == nil)
    }

    @Test func aFailureEndsEverySubscriberWithItsError() async throws {
        let transport = MockNetworkTransport()
        let client = OrionClient(networkTransport: transport)
        let feed = transport.feed(for: TripsBookedSubscription.self)
        var first = client.subscribe(subscription: TripsBookedSubscription()).makeAsyncIterator()
        var second = client.subscribe(subscription: TripsBookedSubscription()).makeAsyncIterator()
        await feed.waitForSubscribers(count: 2)
        feed.send(.data(["tripsBooked": 3]))
        feed.send(.failure(URLError(.networkConnectionLost)))
        #expect(try await first.next()?.data?.tripsBooked == 3)
        #expect(try await second.next()?.data?.tripsBooked == 3)
        await #expect(throws: URLError.self) { _ = try await first.next() }
        await #expect(throws: URLError.self) { _ = try await second.next() }
        #expect(feed.subscriberCount == 0)
    }
}

/// A view model as an app writes it against the protocol, and a fake client of a test's own.
@MainActor final class BookingModel {
    let client: any OrionClientProtocol
    private(set) var message = ""

    init(client: any OrionClientProtocol) { self.client = client }

    func book(_ id: String) async {
        do {
            message = try await client.perform(mutation: BookTripMutation(id: id)).data?.bookTrips.message ?? "no data"
        } catch {
            message = "failed: \(error.localizedDescription)"
        }
    }
}

@Suite struct OrionClientProtocolTests {
    /// Refuses every mutation with the error it was made with; nothing else is used.
    struct RefusingClient: OrionClientProtocol {
        let refusal: GraphQLError

        func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy, deduplicate: Bool) async throws -> GraphQLResult<Query.Data> {
            throw refusal
        }
        func fetchResults<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy, deduplicate: Bool) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
            AsyncThrowingStream { $0.finish(throwing: refusal) }
        }
        func perform<Mutation: GraphQLMutation>(mutation: Mutation, refetchQueries: RefetchQueries) async throws -> GraphQLResult<Mutation.Data> {
            throw refusal
        }
        func perform<Mutation: GraphQLMutation>(mutation: Mutation, optimisticResponse: Mutation.Data, refetchQueries: RefetchQueries) async throws -> GraphQLResult<Mutation.Data> {
            throw refusal
        }
        func upload<Operation: GraphQLOperation>(operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
            throw refusal
        }
        func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
            AsyncThrowingStream { $0.finish(throwing: refusal) }
        }
        func subscribe<Subscription: GraphQLSubscription>(subscription: Subscription, cachePolicy: CachePolicy) -> AsyncThrowingStream<GraphQLResult<Subscription.Data>, any Error> {
            AsyncThrowingStream { $0.finish(throwing: refusal) }
        }
    }

    @Test @MainActor func aViewModelRunsOnTheRealClientOrOnAFake() async throws {
        let transport = MockNetworkTransport()
        transport.enqueue(MockNetworkTransportTests.booked("110", true), for: BookTripMutation.self)
        let real = BookingModel(client: OrionClient(networkTransport: transport))
        await real.book("110")
        #expect(real.message == "Booked 1 trip.")

        let fake = BookingModel(client: RefusingClient(refusal: GraphQLError(message: "Bookings are closed")))
        await fake.book("110")
        #expect(fake.message == "failed: Bookings are closed")
    }
}
