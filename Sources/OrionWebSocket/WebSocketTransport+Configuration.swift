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
    /// The delay doubles after each attempt, from `initialDelay` up to `maxDelay`, and is then
    /// shortened by a random part of up to `jitter` of it (so that clients dropped together do
    /// not all come back at the same moment): with `jitter` 0.5, a delay of 4 s becomes one
    /// between 2 and 4 s.
    ///
    /// ## What counts as an attempt
    /// Every connect after a drop counts, including one whose socket the server acknowledged,
    /// until the server shows that the connection works: it sends a result (or the end) of an
    /// operation, or the socket stays open for `maxDelay` seconds after its acknowledgement. Then
    /// the count starts again. So a server that acknowledges and drops every time is retried with
    /// growing delays, and after `maxAttempts` such attempts the operations fail with the last
    /// error, instead of being retried every `initialDelay` forever.
    public struct ReconnectionPolicy: Sendable, Hashable {
        /// Seconds before the first attempt.
        public var initialDelay: Double
        /// The longest wait between attempts, in seconds; also how long an acknowledged socket
        /// must last to count as working.
        public var maxDelay: Double
        /// How many attempts in a row may fail before the operations fail; `nil` for no limit.
        public var maxAttempts: Int?
        /// The largest part of a delay taken off at random, from 0 (none) to 1.
        public var jitter: Double

        public init(initialDelay: Double = 0.5, maxDelay: Double = 30, maxAttempts: Int? = 10, jitter: Double = 0.5) {
            self.initialDelay = initialDelay
            self.maxDelay = maxDelay
            self.maxAttempts = maxAttempts
            self.jitter = min(max(jitter, 0), 1)
        }

        /// Never reconnect: a drop fails the operations at once.
        public static let never = ReconnectionPolicy(initialDelay: 0, maxDelay: 0, maxAttempts: 0, jitter: 0)

        /// The wait before attempt `attempt` (1 for the first after a drop), before jitter.
        func delay(beforeAttempt attempt: Int) -> Double {
            guard attempt > 1 else { return min(initialDelay, maxDelay) }
            let doubled = initialDelay * pow(2, Double(min(attempt - 1, 30)))
            return min(doubled, maxDelay)
        }

        /// The wait before attempt `attempt`, with `randomFraction` (in `0..<1`) of the jitter
        /// taken off.
        func delay(beforeAttempt attempt: Int, randomFraction: Double) -> Double {
            delay(beforeAttempt: attempt) * (1 - jitter * randomFraction)
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
        /// What the transport waits on between reconnection attempts, and draws the jitter from:
        /// the system's unless a test brings its own.
        public var clock: any WebSocketClock
        /// Whether operations are sent by id alone (`extensions.persistedQuery.sha256Hash`), never
        /// with their text: for a server that safelists the operations of a published manifest.
        /// An id the server does not know fails the operation with
        /// `PersistedQueryError.notInSafelist`.
        public var sendsOperationIDsOnly: Bool

        public init(
            url: URL, subprotocol: SubprotocolChoice = .graphqlTransportWS, connectingPayload: [String: JSONValue]? = nil,
            headers: [String: String] = [:], reconnection: ReconnectionPolicy = ReconnectionPolicy(), connectionAckTimeout: Double = 10,
            connector: any WebSocketConnector = PlatformWebSocketConnector(), clock: any WebSocketClock = SystemWebSocketClock(),
            sendsOperationIDsOnly: Bool = false
        ) {
            self.url = url
            self.subprotocol = subprotocol
            self.connectingPayload = connectingPayload
            self.headers = headers
            self.reconnection = reconnection
            self.connectionAckTimeout = connectionAckTimeout
            self.connector = connector
            self.clock = clock
            self.sendsOperationIDsOnly = sendsOperationIDsOnly
        }
    }
}
