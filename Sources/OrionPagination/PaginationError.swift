import Orion

/// Why a pager could not load a page. The pages it holds stay as they were.
public enum PaginationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server sent no data for a page; its GraphQL errors say why.
    case noData(errors: [GraphQLError])
    /// A connection's `pageInfo` says a page exists on a side whose cursor (the named field) is
    /// `null`: the server's paging is broken, or the query does not select the cursor.
    case missingCursor(String)
    /// The pager was given no query for previous pages (`previousPageQuery:`), and was asked
    /// for one.
    case noPreviousPageQuery

    public var description: String {
        switch self {
        case .noData(let errors):
            let messages = errors.map(\.message).joined(separator: "; ")
            return "The server sent no data for the page" + (messages.isEmpty ? "." : ": \(messages)")
        case .missingCursor(let field):
            return "pageInfo says there is another page, but \(field) is null: select \(field) in the query, or check the server's paging."
        case .noPreviousPageQuery:
            return "The pager has no query for previous pages: pass previousPageQuery: when creating it."
        }
    }
}
