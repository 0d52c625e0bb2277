import OrionAPI
import OrionCache

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
    /// The record fields the data was read from or written to, and the store version it is as
    /// of: set by the cache interceptors, for watchers, so that they need not read it again.
    var cacheDependencies: CacheDependencies?

    public init(data: Data?, errors: [GraphQLError]?, extensions: [String: JSONValue]?, source: Source) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.source = source
    }
}

extension GraphQLResult: Equatable where Data: Equatable {
    /// Equal data, errors, extensions and source; what the cache knows of the result is not
    /// part of it.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.data == rhs.data && lhs.errors == rhs.errors && lhs.extensions == rhs.extensions && lhs.source == rhs.source
    }
}
