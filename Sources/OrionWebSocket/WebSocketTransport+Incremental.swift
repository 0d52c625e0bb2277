import Orion
import OrionAPI
import OrionCache

/// Incremental delivery over the socket: the operation is started as any other, and the server
/// sends each payload of its response as a `next` message (`graphql-transport-ws`), then
/// `complete`. The payloads are merged as over HTTP.
extension WebSocketTransport: IncrementalNetworkTransport {
    public func sendIncrementally<Operation: GraphQLOperation>(
        _ operation: Operation
    ) -> AsyncThrowingStream<GraphQLResult<Operation.Data>, any Error> {
        // Read by the one task that reads the stream, one message after the other.
        let response = Mutex(IncrementalResponse())
        return events(of: operation) { object in
            try response.withLock { response throws(ResponseParsingError) in
                try response.apply(object)
                return try response.result(for: operation)
            }
        }
    }
}
