import OrionAPI

/// Sends operations and returns their results: what `OrionClient` talks to.
public protocol NetworkTransport: Sendable {
    /// Sends the operation (with files to upload, if any) under a cache policy.
    func send<Operation: GraphQLOperation>(
        _ operation: Operation, cachePolicy: CachePolicy, files: [GraphQLFile]
    ) async throws -> GraphQLResult<Operation.Data>
}
