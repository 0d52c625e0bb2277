import Foundation
import Observation
import Orion
import OrionWebSocket
import RocketReserverAPI
import Testing

/// App code in Swift 6 language mode (this package's), written the way the tutorials write it,
/// against the real RocketReserver server: a SwiftUI-style `@Observable` model and a UIKit-style
/// view controller, both `@MainActor`, setting their state in the callback API's handlers.
/// `import Orion` is all they import of Orion's (and the generated API).
@MainActor
@Suite struct ViewModelTests {
    @Test func anObservableModelFetchesWatchesAndBooks() async throws {
        let server = try await RocketReserverProcess()
        let (client, _) = try await Self.client(server, email: "observable@example.com")
        let model = LaunchListModel(client: client)

        model.loadLaunches()
        try await Self.until(model) { !$0.launches.isEmpty || $0.errorMessage != nil }
        #expect(model.errorMessage == nil)
        #expect(model.launches.count == 10)

        let id = try #require(model.launches.first { !$0.isBooked }?.id)
        model.watchDetails(id: id)
        try await Self.until(model) { $0.details != nil }
        #expect(model.details?.isBooked == false)

        // The mutation's result is written to the cache; the watcher shows it.
        model.book(id: id)
        try await Self.until(model) { $0.details?.isBooked == true || $0.errorMessage != nil }
        #expect(model.errorMessage == nil)
        #expect(model.bookedMessage?.isEmpty == false)
        model.stopWatching()
    }

    @Test func aViewControllerReloadsOnEverySubscriptionEvent() async throws {
        let server = try await RocketReserverProcess()
        let (client, _) = try await Self.client(server, email: "controller@example.com")
        let controller = TripsViewController(client: client)

        controller.viewDidAppear()
        // Events of bookings made before the server started the subscription are lost: book
        // until one is delivered.
        var launches = (1...40).map(String.init)
        while controller.notifications.isEmpty, let launch = launches.popLast() {
            let reloaded = OnceSignal()
            controller.reloadTable = { reloaded.fire(true) }
            let booked = try await client.perform(mutation: BookTripMutation(id: launch))
            #expect(booked.data?.bookTrips.success == true, "\(booked.errors ?? [])")
            _ = await reloaded.wait(orAfter: 0.5)
        }
        #expect(controller.notifications.first == 1)
        controller.viewWillDisappear()
    }

    // MARK: support

    /// A client that books over HTTP, logged in as `email`, and subscribes over WebSocket.
    private static func client(_ server: RocketReserverProcess, email: String) async throws -> (OrionClient, TokenStore) {
        let tokens = TokenStore()
        let http = RequestChainNetworkTransport(url: server.url, interceptorProvider: DefaultInterceptorProvider(prepending: [TokenAuthorization(tokens: tokens)]))
        var components = try #require(URLComponents(url: server.url, resolvingAgainstBaseURL: false))
        components.scheme = "ws"
        let webSocket = WebSocketTransport(url: try #require(components.url))
        let client = OrionClient(networkTransport: SplitNetworkTransport(uploadingNetworkTransport: http, subscriptionNetworkTransport: webSocket))
        let login = try await client.perform(mutation: LoginMutation(email: email))
        await tokens.set(try #require(login.data?.login?.token))
        return (client, tokens)
    }

    /// Waits until `condition` holds of the model, woken by each change of what it reads (it is
    /// checked and its reads tracked in one turn of the main actor, so no change slips between);
    /// fails after 300 seconds without one: a bound for a test that fails. In CI the server runs
    /// under the thread sanitizer beside every other test, and this test took 55 s there.
    private static func until(_ model: LaunchListModel, _ condition: @escaping @MainActor (LaunchListModel) -> Bool) async throws {
        while !condition(model) {
            let change = OnceSignal()
            withObservationTracking { _ = condition(model) } onChange: { change.fire(true) }
            guard await change.wait(orAfter: 300) else { throw Timeout() }
        }
    }

    struct Timeout: Error {}
}

/// A SwiftUI-style model: observable main-actor state, set in the handlers.
@MainActor
@Observable
final class LaunchListModel {
    private(set) var launches: [LaunchListQuery.Data.Launches.Launch] = []
    private(set) var details: LaunchDetailsQuery.Data.Launch?
    private(set) var bookedMessage: String?
    private(set) var errorMessage: String?
    @ObservationIgnored private let client: OrionClient
    @ObservationIgnored private var watcher: GraphQLQueryWatcher<LaunchDetailsQuery>?

    init(client: OrionClient) {
        self.client = client
    }

    func loadLaunches() {
        client.fetch(query: LaunchListQuery(pageSize: 10)) { result in
            switch result {
            case .success(let result): self.launches = result.data?.launches.launches.compactMap { $0 } ?? []
            case .failure(let error): self.errorMessage = error.localizedDescription
            }
        }
    }

    func watchDetails(id: String) {
        watcher = client.watch(query: LaunchDetailsQuery(launchId: id)) { result in
            switch result {
            case .success(let result): self.details = result.data?.launch
            case .failure(let error): self.errorMessage = error.localizedDescription
            }
        }
    }

    func stopWatching() {
        watcher?.cancel()
        watcher = nil
    }

    func book(id: String) {
        client.perform(mutation: BookTripMutation(id: id)) { result in
            switch result {
            case .success(let result): self.bookedMessage = result.data?.bookTrips.message ?? "booked"
            case .failure(let error): self.errorMessage = error.localizedDescription
            }
        }
    }
}

/// A UIKit-style controller: reloads its table whenever its data changes.
@MainActor
final class TripsViewController {
    private(set) var notifications: [Int] = [] {
        didSet { reloadTable() }
    }
    private let client: OrionClient
    private var subscription: (any Cancellable)?
    /// What the table does on reload; the test listens to it.
    var reloadTable: () -> Void = {}

    init(client: OrionClient) {
        self.client = client
    }

    func viewDidAppear() {
        subscription = client.subscribe(subscription: TripsBookedSubscription()) { result in
            if case .success(let result) = result, let count = result.data?.tripsBooked { self.notifications.append(count) }
        }
    }

    func viewWillDisappear() {
        subscription?.cancel()
    }
}

/// Fires once, from any thread; a waiter learns whether it fired before its deadline.
private final class OnceSignal: @unchecked Sendable {
    // Every access holds `lock`.
    private let lock = NSLock()
    private var fired: Bool?
    private var waiter: CheckedContinuation<Bool, Never>?

    func fire(_ value: Bool) {
        lock.lock()
        guard fired == nil else { return lock.unlock() }
        fired = value
        let waiter = waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: value)
    }

    func wait(orAfter seconds: Double) async -> Bool {
        let deadline = Task {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            fire(false)
        }
        defer { deadline.cancel() }
        return await withCheckedContinuation { continuation in
            lock.lock()
            if let fired {
                lock.unlock()
                continuation.resume(returning: fired)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
