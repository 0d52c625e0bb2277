import Foundation
import Orion
import RocketReserverApp
import Testing

/// The app's view models against the real server: the tutorial's screens, without the screens.
@MainActor @Suite struct ViewModelTests {
    @Test func theListLoadsEveryLaunchOnceByCursor() async throws {
        let server = try await AppServer.start()
        defer { server.stop() }
        let list = LaunchListViewModel(client: await RocketReserverNetwork(url: server.url).client, pageSize: 25)
        var pages = 0
        while list.hasMore && pages < 10 {
            await list.loadNextPage()
            #expect(list.errorMessage == nil)
            pages += 1
        }
        #expect(pages == 5, "110 launches in pages of 25")
        #expect(list.launches.count == 110)
        #expect(Set(list.launches.map(\.id)).count == 110, "each launch exactly once")
        await list.loadNextPage()
        #expect(list.launches.count == 110, "nothing after the last page")
        // Infinite scrolling: only the last row loads more.
        let again = LaunchListViewModel(client: await RocketReserverNetwork(url: server.url).client, pageSize: 10)
        await again.loadNextPage()
        await again.loadMoreIfNeeded(after: again.launches[0])
        #expect(again.launches.count == 10)
        await again.loadMoreIfNeeded(after: again.launches[9])
        #expect(again.launches.count == 20)
    }

    @Test func aBookingShowsInTheLoadedListWithoutARefetch() async throws {
        let server = try await AppServer.start()
        defer { server.stop() }
        let network = await RocketReserverNetwork(url: server.url)
        let list = LaunchListViewModel(client: network.client, pageSize: 10)
        await list.loadNextPage()
        await list.loadNextPage()
        let launch = try #require(list.launches.dropFirst(10).first { !$0.isBooked }, "a launch of the second page")

        let login = LoginViewModel(client: network.client, tokens: network.tokens)
        #expect(await login.login(email: "list@example.com"))
        #expect(await LaunchDetailsViewModel(client: network.client, launchID: launch.id).book())
        // The pager watches every page it loaded: the mutation's result reaches the list.
        #expect(try await eventually { list.launches.first { $0.id == launch.id }?.isBooked == true })
        #expect(list.launches.count == 20)
    }

    @Test func bookingFlipsTheWatchedDetailsWithoutARefetch() async throws {
        let server = try await AppServer.start()
        defer { server.stop() }
        let network = await RocketReserverNetwork(url: server.url)
        let login = LoginViewModel(client: network.client, tokens: network.tokens)
        let details = LaunchDetailsViewModel(client: network.client, launchID: "100")
        details.start()
        defer { details.stop() }
        #expect(try await eventually { details.launch != nil })
        #expect(details.launch?.isBooked == false)

        #expect(await details.book() == false, "not logged in")
        #expect(await login.login(email: "viewmodel@example.com"))
        let updates = details.updateCount
        #expect(await details.book())
        #expect(try await eventually { details.launch?.isBooked == true }, "the watcher saw the mutation's result")
        #expect(details.updateCount == updates + 1, "one update, from the cache")

        // Another screen's view model cancels: this one follows.
        let other = LaunchDetailsViewModel(client: network.client, launchID: "100")
        #expect(await other.cancel())
        #expect(try await eventually { details.launch?.isBooked == false })
    }

    @Test func notificationsArriveAndLogoutClearsTheToken() async throws {
        let server = try await AppServer.start()
        defer { server.stop() }
        let network = await RocketReserverNetwork(url: server.url)
        let notifications = NotificationsViewModel(client: network.client)
        notifications.start()
        defer { notifications.stop() }
        // Booked once the server has the subscription: an event before it would be lost.
        let rocketServer = server.server
        try await withTimeout(seconds: stepBound, "the subscription") { await rocketServer.waitForActiveSubscriptions { $0 >= 1 } }

        let login = LoginViewModel(client: network.client, tokens: network.tokens)
        #expect(await login.login(email: "notify@example.com"))
        #expect(await network.tokens.token != nil)
        let details = LaunchDetailsViewModel(client: network.client, launchID: "42")
        #expect(await details.book())
        #expect(try await eventually { notifications.messages.count == 1 }, "\(notifications.errorMessage ?? "")")
        #expect(notifications.messages.first == "A new trip was booked! 🚀")
        #expect(await details.cancel())
        #expect(try await eventually { notifications.messages.count == 2 })
        #expect(notifications.messages.last == "A trip was cancelled.")

        await login.logout()
        #expect(await network.tokens.token == nil)
        #expect(!login.isLoggedIn)
        #expect(await details.book() == false, "anonymous again")
    }

    @Test func theTourRunsEveryStep() async throws {
        let server = try await AppServer.start()
        defer { server.stop() }
        var lines: [String] = []
        let rocketServer = server.server
        // The booking is made once the server has the subscription: its event is not lost.
        let subscriptionReady = { @Sendable in
            try await withTimeout(seconds: stepBound, "the subscription") { await rocketServer.waitForActiveSubscriptions { $0 >= 1 } }
        }
        try await Tour(network: await RocketReserverNetwork(url: server.url), print: { lines.append($0) }, subscriptionReady: subscriptionReady).run()
        let text = lines.joined(separator: "\n")
        for step in ["== 1.", "== 2.", "== 3.", "== 4.", "== 5.", "== 6.", "== Tour complete"] { #expect(text.contains(step)) }
        #expect(text.contains("notification: A new trip was booked!"))
        #expect(text.contains("booked: yes (watcher update"))
    }
}
