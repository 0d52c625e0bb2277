import Observation
import Orion
import OrionAPI

/// Trip-booking events from the `tripsBooked` subscription, as messages for the screen.
@MainActor @Observable
public final class NotificationsViewModel {
    public private(set) var messages: [String] = []
    public private(set) var errorMessage: String?

    private let client: any OrionClientProtocol
    private var listening: Task<Void, Never>?

    public init(client: any OrionClientProtocol) {
        self.client = client
    }

    /// Subscribes; each event becomes a message.
    public func start() {
        guard listening == nil else { return }
        let events = client.subscribe(subscription: TripsBookedSubscription())
        listening = Task { [weak self] in
            do {
                for try await event in events {
                    guard let self else { return }
                    if let count = event.data?.tripsBooked {
                        self.messages.append(Self.message(count))
                    } else if let error = event.errors?.first {
                        self.errorMessage = error.message
                    }
                }
            } catch {
                self?.errorMessage = "\(error)"
            }
        }
    }

    public func stop() {
        listening?.cancel()
        listening = nil
    }

    static func message(_ count: Int) -> String {
        switch count {
        case ..<0: return "A trip was cancelled."
        case 1: return "A new trip was booked! 🚀"
        default: return "\(count) new trips were booked! 🚀"
        }
    }
}
