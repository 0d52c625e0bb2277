/// Where a page starts: what a page query needs to ask for the page after (or before) the pages
/// the pager holds.
public enum PagePosition: Sendable, Hashable {
    /// A cursor the server gave: the Relay `endCursor` (next page) or `startCursor` (previous
    /// page), or a connection's own cursor field.
    case cursor(String)
    /// An index into the list. For the next page, the index of its first item; for the previous
    /// page, the index of the first item the pager holds (the page is the items before it).
    case offset(Int)

    /// The cursor, when the position is one.
    public var cursor: String? {
        if case .cursor(let cursor) = self { return cursor }
        return nil
    }

    /// The offset, when the position is one.
    public var offset: Int? {
        if case .offset(let offset) = self { return offset }
        return nil
    }
}
