/// The long-lived parts of the server that every request shares.
struct ServerServices: Sendable {
    let database: RocketReserverDatabase
    let catalog: LaunchCatalog
    let broadcaster: TripsBookedBroadcaster
    let persistedQueries: PersistedQueries
    /// With `--safelist`: the only operations the server runs (automatic persisted queries are
    /// then off).
    let safelist: Safelist?
    let executor: GraphQLExecutor
    let limits: ServerLimits

    /// The document a request runs: its text, or the one its persisted-query id names (the
    /// safelist's, or one registered by automatic persisted queries), or why it is refused.
    func resolveQuery(_ payload: GraphQLRequestPayload) async -> QueryResolution {
        if let safelist {
            switch safelist.resolve(payload) {
            case .query(let text): return .query(text, register: false)
            case .refused(let error, let status): return .refused(error, status: status)
            }
        }
        guard let hash = payload.persistedQueryHash else { return .query(payload.query, register: false) }
        switch await persistedQueries.resolve(hash: hash, query: payload.query) {
        case .query(let text):
            return .query(text, register: payload.query != nil)
        case .notFound:
            // 200 in both media types: clients read the code and retry with the query.
            return .refused(ResponseError(message: "PersistedQueryNotFound", code: ErrorCode.persistedQueryNotFound), status: 200)
        case .hashMismatch:
            return .refused(ResponseError(message: "provided sha does not match query", code: ErrorCode.badRequest), status: 400)
        }
    }

    /// The user a token belongs to; nil for no token or an unknown one.
    func user(token: String?) async -> User? {
        guard let token else { return nil }
        return try? await database.user(token: token)
    }
}
