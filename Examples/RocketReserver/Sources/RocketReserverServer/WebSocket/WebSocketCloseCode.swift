/// The close codes of the GraphQL WebSocket protocols.
enum WebSocketCloseCode {
    /// A message that is not JSON, has no type, or breaks the protocol.
    static let badRequest: UInt16 = 4400
    /// An operation before the connection was acknowledged.
    static let unauthorized: UInt16 = 4401
    /// connection_init with a token the server does not know.
    static let forbidden: UInt16 = 4403
    /// No connection_init within the time limit.
    static let initialisationTimeout: UInt16 = 4408
    /// A subscribe with an id that is already running.
    static let subscriberAlreadyExists: UInt16 = 4409
    /// A second connection_init.
    static let tooManyInitialisationRequests: UInt16 = 4429
}
