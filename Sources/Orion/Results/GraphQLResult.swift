import OrionAPI

/// The result of an operation: typed data and the server's errors, either or both.
///
/// A response with data and errors is a success carrying both (a partial result); one with
/// errors only is a success with `data == nil`.
public struct GraphQLResult<Data: RootSelectionSet>: Sendable {
    /// Where the result came from.
    public enum Source: Sendable, Hashable {
        case server
        case cache
    }

    public var data: Data?
    public var errors: [GraphQLError]?
    public var extensions: [String: JSONValue]?
    public var source: Source

    public init(data: Data?, errors: [GraphQLError]?, extensions: [String: JSONValue]?, source: Source) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.source = source
    }
}

extension GraphQLResult: Equatable where Data: Equatable {}
