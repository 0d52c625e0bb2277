/// What a loaded page says about its neighbours: where the page after it starts and where the
/// page before it ends, or `nil` where there is none. A pager reads it from each page's data with
/// a closure of the caller's, so that any pagination shape works: build it with
/// ``cursor(_:hasMore:)``, ``offset(_:count:hasMore:)``, or the Relay helpers
/// (``forward(endCursor:hasNextPage:)``, ``backward(startCursor:hasPreviousPage:)``,
/// ``relay(startCursor:endCursor:hasPreviousPage:hasNextPage:)``).
public struct PageInfo: Sendable, Hashable {
    /// Where the next page starts; `nil` when this page is the last.
    public var next: PagePosition?
    /// Where the previous page ends; `nil` when this page is the first.
    public var previous: PagePosition?

    /// Page info with the given neighbours.
    ///
    /// - Parameters:
    ///   - next: where the next page starts; `nil` when there is none.
    ///   - previous: where the previous page ends; `nil` when there is none.
    public init(next: PagePosition?, previous: PagePosition? = nil) {
        self.next = next
        self.previous = previous
    }

    /// A page of a list paged forward by one cursor and a has-more flag (RocketReserver's
    /// `LaunchConnection { cursor hasMore }`).
    ///
    /// - Parameters:
    ///   - cursor: the cursor to pass for the next page.
    ///   - hasMore: whether there is a next page.
    public static func cursor(_ cursor: String, hasMore: Bool) -> PageInfo {
        PageInfo(next: hasMore ? .cursor(cursor) : nil)
    }

    /// A page of a list paged by offset.
    ///
    /// - Parameters:
    ///   - offset: the index of the page's first item.
    ///   - count: how many items the page holds.
    ///   - hasMore: whether items follow the page.
    public static func offset(_ offset: Int, count: Int, hasMore: Bool) -> PageInfo {
        PageInfo(next: hasMore ? .offset(offset + count) : nil, previous: offset > 0 ? .offset(offset) : nil)
    }
}
