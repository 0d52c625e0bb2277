/// Automatic persisted queries: query texts registered by their SHA-256 hash, so clients can
/// send the hash alone.
///
/// Bounded: past `capacity` the oldest registration is forgotten, and its clients simply
/// register it again (that is the protocol's normal recovery).
actor PersistedQueries {
    /// What a request's persisted-query extension and query text amount to.
    enum Resolution: Equatable {
        /// The query text to run.
        case query(String)
        /// The hash is unknown and no text came with it: the client should send both.
        case notFound
        /// The text came with a hash that is not its SHA-256.
        case hashMismatch
    }

    private let capacity: Int
    private var queries: [String: String] = [:]
    private var order: [String] = []

    init(capacity: Int = 2_000) {
        self.capacity = capacity
    }

    /// Looks up, or checks and registers, a query by hash. Registration waits for the query
    /// to pass validation, so only queries the server can run are kept: see `register`.
    func resolve(hash: String, query: String?) -> Resolution {
        guard let query else {
            return queries[hash].map(Resolution.query) ?? .notFound
        }
        return SHA256.hex(query) == hash ? .query(query) : .hashMismatch
    }

    func register(hash: String, query: String) {
        guard queries[hash] == nil else { return }
        if order.count >= capacity {
            let oldest = order.removeFirst()
            queries[oldest] = nil
        }
        queries[hash] = query
        order.append(hash)
    }
}
