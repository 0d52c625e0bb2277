#if canImport(Darwin)
/// The connector a `WebSocketTransport` uses unless given another.
public typealias PlatformWebSocketConnector = URLSessionWebSocketConnector
#elseif canImport(WSClient)
/// The connector a `WebSocketTransport` uses unless given another.
public typealias PlatformWebSocketConnector = WSClientWebSocketConnector
#endif
