import Foundation
import Orion
import OrionAPI
import OrionWebSocket

/// The app's one client: queries and mutations over HTTP with the user's token, the
/// `tripsBooked` subscription over WebSocket, one normalized cache for both.
public struct RocketReserverNetwork: Sendable {
    public let client: OrionClient
    public let tokens: TokenStore

    /// A client for the server at `url` (`http://host:port/graphql`); the WebSocket is the same
    /// path with `ws://`.
    public init(url: URL, tokens: TokenStore = TokenStore()) async {
        self.tokens = tokens
        let store = OrionStore()
        let http = RequestChainNetworkTransport(
            url: url,
            interceptorProvider: DefaultInterceptorProvider(prepending: [AuthorizationInterceptor(tokens: tokens)]),
            clientName: "RocketReserver", clientVersion: "1.0")
        let webSocket = WebSocketTransport(url: Self.webSocketURL(for: url), connectingPayload: Self.payload(await tokens.token))
        // The next connection sends the new token. `tripsBooked` needs none, so the open socket
        // stays: reconnecting now could miss an event.
        await tokens.observe { token in await webSocket.updateConnectingPayload(Self.payload(token)) }
        client = OrionClient(
            networkTransport: SplitNetworkTransport(uploadingNetworkTransport: http, subscriptionNetworkTransport: webSocket), store: store)
    }

    static func webSocketURL(for url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = url.scheme == "https" ? "wss" : "ws"
        return components?.url ?? url
    }

    static func payload(_ token: String?) -> [String: JSONValue]? {
        token.map { ["authorization": .string($0)] }
    }
}
