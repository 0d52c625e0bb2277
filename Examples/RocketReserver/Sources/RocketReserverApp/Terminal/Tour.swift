import Foundation
import Orion

/// The whole tutorial journey without input: a page of launches, a launch's details, login, a
/// booking with its notification over WebSocket, the watched details showing `isBooked` changed
/// from the cache, and a cancellation. Each step is printed as it happens.
@MainActor
public struct Tour {
    let network: RocketReserverNetwork
    let print: (String) -> Void
    let subscriptionReady: () async throws -> Void

    /// - Parameter subscriptionReady: returns once the server has the tour's subscription, so
    ///   that the booking's notification is not lost. A client cannot see the server's
    ///   subscriptions: by default it gives the socket a moment to connect. A test that can ask
    ///   the server waits for its report instead.
    public init(
        network: RocketReserverNetwork, print: @escaping (String) -> Void,
        subscriptionReady: @escaping () async throws -> Void = { try await Task.sleep(for: .milliseconds(300)) }
    ) {
        self.network = network
        self.print = print
        self.subscriptionReady = subscriptionReady
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public func run(email: String = "tour@example.com") async throws {
        let client = network.client
        print("== 1. Launches (first page)")
        let list = LaunchListViewModel(client: client, pageSize: 5)
        await list.loadNextPage()
        guard let first = list.launches.first else { throw Failure(description: list.errorMessage ?? "no launches") }
        for launch in list.launches { print("  " + LaunchFormatting.row(launch)) }
        print("  (more: \(list.hasMore ? "yes" : "no"))")

        print("== 2. Details of launch \(first.id)")
        let details = LaunchDetailsViewModel(client: client, launchID: first.id)
        details.start()
        defer { details.stop() }
        let loaded = try await waitUntil { details.launch != nil }
        guard loaded, let launch = details.launch else { throw Failure(description: details.errorMessage ?? "the details did not load") }
        print(LaunchFormatting.details(launch).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

        print("== 3. Login as \(email)")
        let login = LoginViewModel(client: client, tokens: network.tokens)
        guard await login.login(email: email) else { throw Failure(description: login.errorMessage ?? "login failed") }
        print("  logged in; the token goes with every request")

        print("== 4. Book launch \(first.id), and hear about it over WebSocket")
        let notifications = NotificationsViewModel(client: client)
        notifications.start()
        defer { notifications.stop() }
        try await subscriptionReady()
        let updatesBefore = details.updateCount
        guard await details.book() else { throw Failure(description: details.lastMessage ?? "booking failed") }
        print("  server: \(details.lastMessage ?? "")")
        guard try await waitUntil({ !notifications.messages.isEmpty }) else {
            throw Failure(description: notifications.errorMessage ?? "no notification arrived")
        }
        print("  notification: \(notifications.messages[0])")

        print("== 5. The watched details, updated from the cache")
        guard try await waitUntil({ details.updateCount > updatesBefore && details.launch?.isBooked == true }) else {
            throw Failure(description: "the details did not show the booking")
        }
        print("  booked: \(details.launch?.isBooked == true ? "yes" : "no") (watcher update \(details.updateCount), no refetch)")

        print("== 6. Cancel the trip")
        guard await details.cancel() else { throw Failure(description: details.lastMessage ?? "cancelling failed") }
        print("  server: \(details.lastMessage ?? "")")
        _ = try await waitUntil { details.launch?.isBooked == false }
        print("  booked: \(details.launch?.isBooked == true ? "yes" : "no")")
        print("== Tour complete")
    }

    /// Polls `condition` for up to 10 seconds.
    private func waitUntil(_ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }
}
