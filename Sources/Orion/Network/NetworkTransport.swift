import OrionAPI

/// Sends operations to the server and returns their results: what `OrionClient` talks to.
///
/// A transport only talks to the server: the client owns the cache, reads it before it sends
/// (by the cache policy) and writes every result a transport returns.
public protocol NetworkTransport: Sendable {
    /// Sends the operation, with files to upload, if any, and returns the server's result.
    func send<Operation: GraphQLOperation>(
        _ operation: Operation, files: [GraphQLFile]
    ) async throws -> GraphQLResult<Operation.Data>
}
