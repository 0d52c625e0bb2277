import Foundation
import Orion

/// The terminal app: commands typed at a prompt drive the view models; trip notifications are
/// printed as they arrive.
@MainActor
public final class InteractiveSession {
    private let network: RocketReserverNetwork
    private let list: LaunchListViewModel
    private let login: LoginViewModel
    private let notifications: NotificationsViewModel
    private let print: (String) -> Void
    private var shownNotifications = 0

    public init(network: RocketReserverNetwork, print: @escaping (String) -> Void) {
        self.network = network
        self.print = print
        list = LaunchListViewModel(client: network.client, pageSize: 10)
        login = LoginViewModel(client: network.client, tokens: network.tokens)
        notifications = NotificationsViewModel(client: network.client)
    }

    public static let help = """
        Commands:
          list              the first page of launches
          next              the next page
          details ID        a launch's details
          login EMAIL       log in (needed to book)
          logout            forget the token
          book ID           book a trip on a launch
          cancel ID         cancel it
          quit              leave
        """

    /// Runs until `quit` or the end of input.
    public func run(lines: AsyncStream<String>) async {
        notifications.start()
        // Notifications are printed as they arrive, between commands too.
        let announcer = Task { [weak self] in
            while !Task.isCancelled {
                self?.showNotifications()
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        defer {
            announcer.cancel()
            notifications.stop()
        }
        print("RocketReserver: type 'help' for the commands.")
        prompt()
        for await line in lines {
            showNotifications()
            let words = line.split(separator: " ").map(String.init)
            guard let command = words.first else { prompt(); continue }
            if command == "quit" || command == "exit" { break }
            await perform(command, words.dropFirst().first)
            showNotifications()
            prompt()
        }
        print("Bye.")
    }

    private func prompt() {
        print("> ")
    }

    private func showNotifications() {
        for message in notifications.messages.dropFirst(shownNotifications) { print("[notification] \(message)") }
        shownNotifications = notifications.messages.count
    }

    private func perform(_ command: String, _ argument: String?) async {
        switch (command, argument) {
        case ("help", _):
            print(Self.help)
        case ("list", _):
            if list.launches.isEmpty { await list.loadNextPage() }
            showPage(from: 0)
        case ("next", _):
            guard list.hasMore else { return print("No more launches.") }
            let shown = list.launches.count
            await list.loadNextPage()
            showPage(from: shown)
        case ("details", let id?):
            let details = LaunchDetailsViewModel(client: network.client, launchID: id)
            await details.load()
            print(details.launch.map(LaunchFormatting.details) ?? "No launch \(id): \(details.errorMessage ?? "not found").")
        case ("login", let email?):
            print(await login.login(email: email) ? "Logged in as \(email)." : "Login failed: \(login.errorMessage ?? "")")
        case ("logout", _):
            await login.logout()
            print("Logged out.")
        case ("book", let id?), ("cancel", let id?):
            let details = LaunchDetailsViewModel(client: network.client, launchID: id)
            let done = command == "book" ? await details.book() : await details.cancel()
            print((done ? "" : "Not done: ") + (details.lastMessage ?? ""))
        default:
            print("Unknown command '\(command)'\(argument == nil && ["details", "login", "book", "cancel"].contains(command) ? " without its argument" : ""). Type 'help'.")
        }
    }

    private func showPage(from start: Int) {
        if let error = list.errorMessage { return print("Error: \(error)") }
        for launch in list.launches.dropFirst(start) { print(LaunchFormatting.row(launch)) }
        print(list.hasMore ? "(type 'next' for more)" : "(that was the last page)")
    }
}
