import Observation
import Orion
import OrionAPI

/// Logging in by email: the token is kept in the `TokenStore`, which the interceptor and the
/// WebSocket read.
@MainActor @Observable
public final class LoginViewModel {
    public private(set) var email: String?
    public private(set) var errorMessage: String?

    private let client: any OrionClientProtocol
    private let tokens: TokenStore

    public init(client: any OrionClientProtocol, tokens: TokenStore) {
        self.client = client
        self.tokens = tokens
    }

    public var isLoggedIn: Bool { email != nil }

    @discardableResult
    public func login(email: String) async -> Bool {
        do {
            let result = try await client.perform(mutation: LoginMutation(email: email))
            guard let user = result.data?.login, let token = user.token else {
                errorMessage = result.errors?.first?.message ?? "The server returned no token."
                return false
            }
            await tokens.set(token)
            self.email = user.email
            errorMessage = nil
            return true
        } catch {
            errorMessage = "\(error)"
            return false
        }
    }

    /// Forgets the token: later requests are anonymous.
    public func logout() async {
        await tokens.set(nil)
        email = nil
    }
}
