/// Sizes past which requests are refused, so no client can exhaust the server.
public struct ServerLimits: Sendable {
    /// The largest JSON body of a GraphQL POST (larger: 413).
    public var maxJSONBodyBytes: Int
    /// The largest multipart (upload) request body (larger: 413).
    public var maxMultipartBodyBytes: Int
    /// The largest profile image (larger: a GraphQL error naming the limit).
    public var maxImageBytes: Int
    /// The largest WebSocket message.
    public var maxWebSocketMessageBytes: Int
    /// How long a graphql-transport-ws client may take to send connection_init.
    public var connectionInitTimeout: Duration
    /// How often multipart subscriptions send a heartbeat part and graphql-ws sends `ka`.
    public var heartbeatInterval: Duration

    /// The defaults: 1 MB JSON, 8 MB multipart, 2 MB images, 1 MB messages, 10 s, 5 s.
    public init(
        maxJSONBodyBytes: Int = 1 << 20,
        maxMultipartBodyBytes: Int = 8 << 20,
        maxImageBytes: Int = 2 << 20,
        maxWebSocketMessageBytes: Int = 1 << 20,
        connectionInitTimeout: Duration = .seconds(10),
        heartbeatInterval: Duration = .seconds(5)
    ) {
        self.maxJSONBodyBytes = maxJSONBodyBytes
        self.maxMultipartBodyBytes = maxMultipartBodyBytes
        self.maxImageBytes = maxImageBytes
        self.maxWebSocketMessageBytes = maxWebSocketMessageBytes
        self.connectionInitTimeout = connectionInitTimeout
        self.heartbeatInterval = heartbeatInterval
    }
}
