import OrionAPI

/// A transport that can deliver a response in steps: a query with deferred fragments (`@defer`)
/// gets its first result, and then one per payload the server sends after it, each merged into
/// the ones before.
///
/// `OrionClient` sends operations whose `hasDeferredFragments` (of `GraphQLOperation`) is true
/// through it; `RequestChainNetworkTransport` (HTTP `multipart/mixed`) and `WebSocketTransport`
/// (a `next` message per payload) conform. Over another transport the operation is sent with
/// `send`, and the server's one response is its one result.
public protocol IncrementalNetworkTransport: NetworkTransport {
    /// Sends the operation and returns its results: the first payload's, then the merged result
    /// after each later payload, the last with ``GraphQLResult/hasNext`` false. Ending the
    /// iteration cancels the request.
    func sendIncrementally<Operation: GraphQLOperation>(_ operation: Operation) -> AsyncThrowingStream<GraphQLResult<Operation.Data>, any Error>
}
