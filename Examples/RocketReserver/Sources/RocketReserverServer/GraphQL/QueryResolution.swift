/// What a request's `query` and persisted-query id amount to, over HTTP or WebSocket.
enum QueryResolution: Equatable {
    /// The text to run (nil: none was sent); with `register`, an automatic persisted query to
    /// register once the text passes validation.
    case query(String?, register: Bool)
    /// Refused before anything runs: the error, and the HTTP status to answer with.
    case refused(ResponseError, status: Int)
}
