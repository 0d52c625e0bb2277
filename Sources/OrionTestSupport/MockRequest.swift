import Orion
import OrionAPI

/// One operation a ``MockNetworkTransport`` received, in the order they came: what a test
/// asserts a view model sent.
public struct MockRequest: Sendable {
    /// The operation's name, as in its document (`LaunchList`).
    public let operationName: String
    /// Query, mutation or subscription.
    public let operationType: GraphQLOperationType
    /// The variables as they would be sent (absent nullable variables left out).
    public let variables: [String: JSONValue]
    /// The names of the files an upload sent, in order; empty for other operations.
    public let filenames: [String]
    /// The operation itself, for ``operation(as:)``.
    let operation: any GraphQLOperation

    init<Operation: GraphQLOperation>(_ operation: Operation, files: [GraphQLFile]) {
        operationName = Operation.operationName
        operationType = Operation.operationType
        variables = operation.__variables
        filenames = files.map(\.filename)
        self.operation = operation
    }

    /// The operation with its typed variables, when it is an `Operation`; `nil` otherwise.
    public func operation<Operation: GraphQLOperation>(as type: Operation.Type) -> Operation? {
        operation as? Operation
    }
}
