import OrionAPI

/// A request the test did not script a response for.
public struct MockNetworkTransportError: Error, Sendable, Hashable, OrionError {
    /// The operation's name.
    public let operationName: String

    public var description: String {
        "MockNetworkTransport has no response for operation \(operationName): script one with "
            + "enqueue(_:for:) or respond(to:with:) before the code under test sends it."
    }
}
