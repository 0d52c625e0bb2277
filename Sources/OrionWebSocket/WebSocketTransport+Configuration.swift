import Foundation
import OrionAPI

extension WebSocketTransport {
    /// The GraphQL subprotocol to speak; the server decides which it accepts.
    public enum SubprotocolChoice: Sendable, Hashable {
        /// `graphql-transport-ws`, of the graphql-ws library: what current servers speak.
        case graphqlTransportWS
        /// `graphql-ws`, of the deprecated subscriptions-transport-ws: for older servers
        /// (Apollo Server 2 among them).
        case graphqlWS

        /// The name sent in `Sec-WebSocket-Protocol`.
        public var name: String {
            switch self {
            case .graphqlTransportWS: return GraphQLTransportWSMessage.subprotocol
            case .graphqlWS: return LegacyGraphQLWSMessage.subprotocol
            }
        }
    }

    /// When and how often to open the socket again after it dropped.
    ///
    /// The delay doubles after each failed attempt, from `initialDelay` up to `maxDelay`; an
    /// attempt that reaches `connection_ack` starts the count again.
    public struct ReconnectionPolicy: Sendable, Hashable {
        /// Seconds before the first attempt.
        public var initialDelay: Double
        /// The longest wait between attempts, in seconds.
        public var maxDelay: Double
        /// How many attempts in a row may fail before the operations fail; `nil` for no limit.
        public var maxAttempts: Int?

        public init(initialDelay: Double = 0.5, maxDelay: Double = 30, maxAttempts: Int? = 10) {
            self.initialDelay = initialDelay
            self.maxDelay = maxDelay
            self.maxAttempts = maxAttempts
        }

        /// Never reconnect: a drop fails the operations at once.
        public static let never = ReconnectionPolicy(initialDelay: 0, maxDelay: 0, maxAttempts: 0)

        /// The wait before attempt `attempt` (1 for the first after a drop).
        func delay(beforeAttempt attempt: Int) -> Double {
            guard attempt > 1 else { return initialDelay }
            let doubled = initialDelay * pow(2, Double(min(attempt - 1, 30)))
            return min(doubled, maxDelay)
        }

        func allows(attempt: Int) -> Bool {
            maxAttempts.map { attempt <= $0 } ?? true
        }
    }

    /// Everything a `WebSocketTransport` is set up with.
    public struct Configuration: Sendable {
        /// The server's GraphQL endpoint, `ws://` or `wss://`.
        public var url: URL
        public var subprotocol: SubprotocolChoice
        /// The `connection_init` payload, typically credentials; change it later with
        /// ``WebSocketTransport/updateConnectingPayload(_:reconnect:)``.
        public var connectingPayload: [String: JSONValue]?
        /// Headers of the upgrade request.
        public var headers: [String: String]
        public var reconnection: ReconnectionPolicy
        /// Seconds to wait for `connection_ack` after `connection_init`.
        public var connectionAckTimeout: Double
        /// Opens the sockets: the platform's client unless a test or an app brings its own.
        public var connector: any WebSocketConnector

        public init(
            url: URL, subprotocol: SubprotocolChoice = .graphqlTransportWS, connectingPayload: [String: JSONValue]? = nil,
            headers: [String: String] = [:], reconnection: ReconnectionPolicy = ReconnectionPolicy(), connectionAckTimeout: Double = 10,
            connector: any WebSocketConnector = PlatformWebSocketConnector()
        ) {
            self.url = url
            self.subprotocol = subprotocol
            self.connectingPayload = connectingPayload
            self.headers = headers
            self.reconnection = reconnection
            self.connectionAckTimeout = connectionAckTimeout
            self.connector = connector
        }
    }
}
