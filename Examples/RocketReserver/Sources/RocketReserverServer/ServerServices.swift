/// The long-lived parts of the server that every request shares.
struct ServerServices: Sendable {
    let database: RocketReserverDatabase
    let catalog: LaunchCatalog
    let broadcaster: TripsBookedBroadcaster
    let persistedQueries: PersistedQueries
    let executor: GraphQLExecutor
    let limits: ServerLimits

    /// The user a token belongs to; nil for no token or an unknown one.
    func user(token: String?) async -> User? {
        guard let token else { return nil }
        return try? await database.user(token: token)
    }
}
