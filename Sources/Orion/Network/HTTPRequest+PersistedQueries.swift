import OrionAPI

/// How a request names its operation to a server that knows it by id: the one place that shapes
/// requests for automatic persisted queries and for safelisted ones.
extension HTTPRequest {
    /// The request carrying the operation's id (`extensions.persistedQuery.sha256Hash`) and not
    /// its text; a query goes as GET when `usingGETForQueries`.
    package func identifiedOnly(usingGETForQueries: Bool) -> HTTPRequest {
        var request = self
        request.sendsPersistedQueryHash = true
        request.sendsDocument = false
        if usingGETForQueries && Operation.operationType == .query && files.isEmpty { request.method = .get }
        return request
    }

    /// The request carrying the operation's id and its text (registering it with automatic
    /// persisted queries), as POST unless it is a query.
    package func identifiedWithDocument() -> HTTPRequest {
        var request = self
        request.sendsPersistedQueryHash = true
        request.sendsDocument = true
        if Operation.operationType != .query { request.method = .post }
        return request
    }
}
