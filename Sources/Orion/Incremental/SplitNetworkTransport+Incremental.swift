import OrionAPI

/// A query with deferred fragments goes where every query goes, the uploading transport: in
/// steps when it delivers them, else as its one result.
extension SplitNetworkTransport: IncrementalNetworkTransport {
    public func sendIncrementally<Operation: GraphQLOperation>(
        _ operation: Operation
    ) -> AsyncThrowingStream<GraphQLResult<Operation.Data>, any Error> {
        if let incremental = uploadingNetworkTransport as? any IncrementalNetworkTransport {
            return incremental.sendIncrementally(operation)
        }
        let transport = uploadingNetworkTransport
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    continuation.yield(try await transport.send(operation, files: []))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
