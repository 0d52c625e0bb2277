import Foundation

/// The logged-in user's token: kept after login, sent by `AuthorizationInterceptor` with every
/// request, cleared by logout. A real app would keep it in the keychain.
public actor TokenStore {
    public private(set) var token: String?
    private var observers: [@Sendable (String?) async -> Void] = []

    public init(token: String? = nil) {
        self.token = token
    }

    public func set(_ token: String?) async {
        self.token = token
        for observer in observers { await observer(token) }
    }

    /// Calls `observer` after every change (the WebSocket's connection payload follows the token).
    public func observe(_ observer: @escaping @Sendable (String?) async -> Void) {
        observers.append(observer)
    }
}
