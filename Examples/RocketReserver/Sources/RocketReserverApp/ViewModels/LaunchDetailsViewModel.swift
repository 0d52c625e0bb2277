import Observation
import Orion
import OrionAPI

/// One launch, watched: when a booking or a cancellation (here or by another screen) changes the
/// cached launch, `launch` follows without a refetch.
@MainActor @Observable
public final class LaunchDetailsViewModel {
    public typealias Launch = LaunchDetailsQuery.Data.Launch

    public let launchID: String
    public private(set) var launch: Launch?
    /// How many results the watcher has delivered: the first load, then each cache change.
    public private(set) var updateCount = 0
    public private(set) var errorMessage: String?
    /// The answer to the last booking or cancellation.
    public private(set) var lastMessage: String?

    private let client: any OrionClientProtocol
    private var watching: Task<Void, Never>?

    public init(client: any OrionClientProtocol, launchID: String) {
        self.client = client
        self.launchID = launchID
    }

    /// Starts watching the launch; the first result comes from the cache or the server.
    public func start() {
        guard watching == nil else { return }
        let results = client.watch(query: LaunchDetailsQuery(launchId: launchID))
        watching = Task { [weak self] in
            do {
                for try await result in results {
                    guard let self else { return }
                    self.launch = result.data?.launch ?? self.launch
                    self.errorMessage = result.errors?.first?.message
                    self.updateCount += 1
                }
            } catch {
                self?.errorMessage = "\(error)"
            }
        }
    }

    public func stop() {
        watching?.cancel()
        watching = nil
    }

    /// Loads the launch once, from the cache or the server, without watching it.
    public func load() async {
        do {
            let result = try await client.fetch(query: LaunchDetailsQuery(launchId: launchID))
            launch = result.data?.launch ?? launch
            errorMessage = result.errors?.first?.message
        } catch {
            errorMessage = "\(error)"
        }
    }

    /// Books the launch (the user must be logged in); the watcher shows `isBooked` change.
    @discardableResult
    public func book() async -> Bool {
        await change { try await $0.perform(mutation: BookTripMutation(id: launchID)).map { ($0.bookTrips.success, $0.bookTrips.message) } }
    }

    /// Cancels the booking; the watcher shows `isBooked` change.
    @discardableResult
    public func cancel() async -> Bool {
        await change { try await $0.perform(mutation: CancelTripMutation(launchId: launchID)).map { ($0.cancelTrip.success, $0.cancelTrip.message) } }
    }

    private func change(_ mutation: (any OrionClientProtocol) async throws -> (success: Bool, message: String?)?) async -> Bool {
        do {
            guard let outcome = try await mutation(client) else {
                lastMessage = "The server refused: log in first."
                return false
            }
            lastMessage = outcome.message ?? (outcome.success ? "Done." : "Not done.")
            return outcome.success
        } catch {
            lastMessage = "\(error)"
            return false
        }
    }
}

extension GraphQLResult {
    /// The data transformed, or nil when there is none (the errors say why).
    func map<Value>(_ transform: (Data) -> Value) -> Value? {
        data.map(transform)
    }
}
