/// Page info from a Relay connection's `pageInfo` (`startCursor`, `endCursor`, `hasPreviousPage`,
/// `hasNextPage`): pass its fields as the generated model has them.
///
/// ```swift
/// extractPageInfo: { data in
///     let info = data.posts.pageInfo
///     return try .relay(startCursor: info.startCursor, endCursor: info.endCursor,
///                       hasPreviousPage: info.hasPreviousPage, hasNextPage: info.hasNextPage)
/// }
/// ```
extension PageInfo {
    /// Page info of a connection paged forward (`first`/`after`).
    ///
    /// - Parameters:
    ///   - endCursor: the connection's `pageInfo.endCursor`.
    ///   - hasNextPage: the connection's `pageInfo.hasNextPage`.
    /// - Throws: ``PaginationError/missingCursor(_:)`` when a next page is said to exist but
    ///   `endCursor` is `nil`.
    public static func forward(endCursor: String?, hasNextPage: Bool) throws -> PageInfo {
        PageInfo(next: try position(endCursor, "endCursor", exists: hasNextPage))
    }

    /// Page info of a connection paged backward (`last`/`before`).
    ///
    /// - Parameters:
    ///   - startCursor: the connection's `pageInfo.startCursor`.
    ///   - hasPreviousPage: the connection's `pageInfo.hasPreviousPage`.
    /// - Throws: ``PaginationError/missingCursor(_:)`` when a previous page is said to exist but
    ///   `startCursor` is `nil`.
    public static func backward(startCursor: String?, hasPreviousPage: Bool) throws -> PageInfo {
        PageInfo(next: nil, previous: try position(startCursor, "startCursor", exists: hasPreviousPage))
    }

    /// Page info of a connection paged both ways.
    ///
    /// - Parameters:
    ///   - startCursor: the connection's `pageInfo.startCursor`.
    ///   - endCursor: the connection's `pageInfo.endCursor`.
    ///   - hasPreviousPage: the connection's `pageInfo.hasPreviousPage`.
    ///   - hasNextPage: the connection's `pageInfo.hasNextPage`.
    /// - Throws: ``PaginationError/missingCursor(_:)`` when a page is said to exist on a side
    ///   whose cursor is `nil`.
    public static func relay(startCursor: String?, endCursor: String?, hasPreviousPage: Bool, hasNextPage: Bool) throws -> PageInfo {
        PageInfo(
            next: try position(endCursor, "endCursor", exists: hasNextPage),
            previous: try position(startCursor, "startCursor", exists: hasPreviousPage)
        )
    }

    private static func position(_ cursor: String?, _ field: String, exists: Bool) throws -> PagePosition? {
        guard exists else { return nil }
        guard let cursor else { throw PaginationError.missingCursor(field) }
        return .cursor(cursor)
    }
}
