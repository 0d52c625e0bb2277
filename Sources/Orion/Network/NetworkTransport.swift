import OrionAPI

/// Sends operations and returns their results: what `OrionClient` talks to.
public protocol NetworkTransport: Sendable {
    /// Sends the operation (with files to upload, if any).
    func send<Operation: GraphQLOperation>(_ operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data>
}
