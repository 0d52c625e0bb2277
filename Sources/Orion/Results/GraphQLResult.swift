import Foundation
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
    /// Whether more increments of this response are coming: true for each result of a query
    /// with deferred fragments (`@defer`) but the last, false for every other result.
    public var hasNext = false
    /// Why the client could not write this server result to its cache (a full disk, a read-only
    /// or damaged cache file), when it could not; the result is still the server's, whole.
    public internal(set) var cacheWriteError: (any Error)? {
        get { _cacheWriteError }
        set { _cacheWriteError = newValue }
    }
    /// The storage of `cacheWriteError`, for the client's inlinable cache writer to set: inlinable
    /// code cannot call an internal setter.
    @usableFromInline var _cacheWriteError: (any Error)?
    /// The errors of the queries a mutation refetched after its result (its `refetchQueries`),
    /// when any failed; the mutation's own result is unaffected.
    public internal(set) var refetchErrors: [any Error] = []
    /// The record fields the data was read from or written to, and the store version it is as
    /// of: set by the client as it reads or writes the cache, for watchers, so that they need not
    /// read it again.
    @usableFromInline var cacheDependencies: CacheDependencies?
    /// The response's `data` as the server sent it, for the client's cache writer to normalize;
    /// let go of once written, so that a result kept by the app does not keep the response alive.
    @usableFromInline package var dataObject: ResponseObject?
    /// How long the data may be cached, from the response's `Cache-Control: max-age`.
    @usableFromInline package var maxAge: TimeInterval?

    // Inlined where results are made, in other modules too: a call of this generic initializer
    // would look the result type's metadata up at run time again, for each result of a
    // subscription.
    /// A result of `data` and the server's `errors` and `extensions`, from `source`.
    @inlinable @inline(__always) public init(data: Data?, errors: [GraphQLError]?, extensions: [String: JSONValue]?, source: Source) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.source = source
    }
}

extension GraphQLResult: Equatable where Data: Equatable {
    /// Equal data, errors, extensions, source and `hasNext`; what the cache knows of the result (and
    /// whether it could write it) is not part of it.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.data == rhs.data && lhs.errors == rhs.errors && lhs.extensions == rhs.extensions && lhs.source == rhs.source
            && lhs.hasNext == rhs.hasNext
    }
}
