import Foundation
import Orion
import OrionTestSupport
import RocketReserverApp
import Testing

/// The app's view models with scripted responses instead of a server: what each screen shows
/// for answers a live server rarely gives (refusals, failures), and what each sent.
@MainActor @Suite struct MockTransportViewModelTests {
    static let launch42: [String: JSONValue] = [
        "launch": [
            "__typename": "Launch", "id": "42", "site": "CCAFS SLC 40", "isBooked": false,
            "mission": ["__typename": "Mission", "name": "Telstar 19V", "missionPatch": nil],
            "rocket": ["__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"],
        ],
    ]

    static func tripUpdate(_ field: String, success: Bool, message: String, isBooked: Bool) -> [String: JSONValue] {
        [field: [
            "__typename": "TripUpdateResponse", "success": .bool(success), "message": .string(message),
            "launches": [["__typename": "Launch", "id": "42", "isBooked": .bool(isBooked)]],
        ]]
    }

    @Test func detailsFollowABookingAndShowARefusal() async throws {
        let transport = MockNetworkTransport()
        let client = OrionClient(networkTransport: transport)
        transport.enqueue(.data(Self.launch42), for: LaunchDetailsQuery.self)
        transport.enqueue(.errors([GraphQLError(message: "Not logged in", path: [.key("bookTrips")])]), for: BookTripMutation.self)
        transport.enqueue(.data(Self.tripUpdate("bookTrips", success: true, message: "Booked 1 trip.", isBooked: true)), for: BookTripMutation.self)

        let details = LaunchDetailsViewModel(client: client, launchID: "42")
        details.start()
        defer { details.stop() }
        #expect(try await eventually { details.launch != nil })
        #expect(details.launch?.mission?.name == "Telstar 19V")

        #expect(await details.book() == false)
        #expect(details.lastMessage == "The server refused: log in first.")
        #expect(details.launch?.isBooked == false)

        #expect(await details.book())
        #expect(details.lastMessage == "Booked 1 trip.")
        #expect(try await eventually { details.launch?.isBooked == true }, "the watcher saw the result in the cache")
        #expect(transport.requests(of: BookTripMutation.self).map(\.id) == ["42", "42"])
        #expect(transport.requests(of: LaunchDetailsQuery.self).count == 1, "no refetch")
    }

    @Test func aFailedCancellationSaysWhy() async throws {
        let transport = MockNetworkTransport()
        transport.enqueue(.failure(URLError(.notConnectedToInternet)), for: CancelTripMutation.self)
        let details = LaunchDetailsViewModel(client: OrionClient(networkTransport: transport), launchID: "42")
        #expect(await details.cancel() == false)
        #expect(details.lastMessage?.isEmpty == false)
    }

    @Test func loginStoresTheTokenOrShowsTheServersError() async throws {
        let transport = MockNetworkTransport()
        transport.enqueue(.errors([GraphQLError(message: "Invalid email")]), for: LoginMutation.self)
        transport.respond(to: LoginMutation.self) { login in
            .data(["login": ["__typename": "User", "id": "7", "email": .string(login.email), "token": "dG9rZW4="]])
        }
        let tokens = TokenStore()
        let login = LoginViewModel(client: OrionClient(networkTransport: transport), tokens: tokens)

        #expect(await login.login(email: "not an email") == false)
        #expect(login.errorMessage == "Invalid email")
        #expect(await tokens.token == nil)

        #expect(await login.login(email: "mock@example.com"))
        #expect(login.email == "mock@example.com")
        #expect(await tokens.token == "dG9rZW4=")
        #expect(transport.requests(of: LoginMutation.self).map(\.email) == ["not an email", "mock@example.com"])
    }

    @Test func notificationsShowEachEventAndAnErrorInBand() async throws {
        let transport = MockNetworkTransport()
        let feed = transport.feed(for: TripsBookedSubscription.self)
        let notifications = NotificationsViewModel(client: OrionClient(networkTransport: transport))
        notifications.start()
        defer { notifications.stop() }
        await feed.waitForSubscribers()

        feed.send(.data(["tripsBooked": 1]))
        feed.send(.data(["tripsBooked": 3]))
        feed.send(.data(["tripsBooked": -1]))
        #expect(try await eventually { notifications.messages.count == 3 })
        #expect(notifications.messages == ["A new trip was booked! 🚀", "3 new trips were booked! 🚀", "A trip was cancelled."])

        feed.send(.errors([GraphQLError(message: "Too many subscribers")]))
        #expect(try await eventually { notifications.errorMessage == "Too many subscribers" })
    }
}
