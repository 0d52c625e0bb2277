/// A field whose pages the normalized cache merges into one value, from a schema extension's
/// `@fieldPolicy(forField:paginationArgs:)` or `@typePolicy(connectionFields:)`.
///
/// Its pagination arguments are left out of its cache key, so every page is stored under one
/// field. A page whose pagination arguments other than `first` and `last` (page sizes) are all
/// null or absent replaces the stored value; any other page is merged into it: the list (the
/// field's own, or each list field of the object it returns) is appended to, or prepended to
/// for a page with a `before` argument, and the other fields come from the newest page, but
/// for a Relay connection's `pageInfo`, whose `startCursor` and `hasPreviousPage` come from the
/// first backward page and `endCursor` and `hasNextPage` from the last forward page.
public struct PaginatedField: Sendable, Hashable {
    /// The field's name.
    public let name: String
    /// The arguments that select a page.
    public let paginationArguments: [String]
    /// Whether the field is a Relay connection, from `@typePolicy(connectionFields:)`.
    public let isConnection: Bool

    /// - Parameters:
    ///   - name: the field's name.
    ///   - paginationArguments: the arguments that select a page, left out of its cache key.
    ///   - isConnection: whether it is a Relay connection, whose `pageInfo` merges by direction.
    public init(name: String, paginationArguments: [String], isConnection: Bool = false) {
        self.name = name
        self.paginationArguments = paginationArguments
        self.isConnection = isConnection
    }
}
