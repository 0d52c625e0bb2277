#if canImport(Darwin)
/// The connector a `WebSocketTransport` uses unless given another.
public typealias PlatformWebSocketConnector = URLSessionWebSocketConnector
#elseif canImport(NIOWebSocket)
/// The connector a `WebSocketTransport` uses unless given another.
public typealias PlatformWebSocketConnector = NIOWebSocketConnector
#endif
