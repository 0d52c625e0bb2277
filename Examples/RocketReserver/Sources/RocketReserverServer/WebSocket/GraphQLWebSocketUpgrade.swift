import Foundation
import Hummingbird
import HummingbirdWebSocket

/// Decides whether an HTTP request upgrades to a GraphQL WebSocket, and with which protocol.
///
/// Hummingbird's upgrade closure (rather than `router.ws`) lets `GET /graphql` and the
/// WebSocket share the path.
enum GraphQLWebSocketUpgrade {
    /// The subprotocols spoken, by their Sec-WebSocket-Protocol name.
    enum SubProtocol: String {
        /// The graphql-ws library's protocol.
        case transportWS = "graphql-transport-ws"
        /// The older subscriptions-transport-ws protocol.
        case legacy = "graphql-ws"
    }

    static func shouldUpgrade(
        _ head: HTTPRequest, services: ServerServices, fallbackOrigin: @escaping @Sendable () -> String
    ) async -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let path = head.path?.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        guard path == "/graphql" || path == "/graphql/" else { return .dontUpgrade }
        let offered = head.headerFields[values: .secWebSocketProtocol]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        // graphql-transport-ws first when a client offers both: it is the maintained one.
        guard let subProtocol = [SubProtocol.transportWS, .legacy].first(where: { offered.contains($0.rawValue) }) else {
            return .dontUpgrade
        }
        let headerToken = AuthorizationToken.parse(head.headerFields[.authorization])
        let origin = head.authority.map { "http://" + $0 } ?? fallbackOrigin()
        return .upgrade([.secWebSocketProtocol: subProtocol.rawValue]) { inbound, outbound, _ in
            switch subProtocol {
            case .transportWS:
                let session = GraphQLTransportWSSession(services: services, outbound: outbound, headerToken: headerToken, origin: origin)
                await session.run(inbound: inbound)
            case .legacy:
                let session = LegacyGraphQLWSSession(services: services, outbound: outbound, headerToken: headerToken, origin: origin)
                await session.run(inbound: inbound)
            }
        }
    }
}
