import Orion

/// What a pager holds at one moment: every loaded page in order, and whether more can be loaded.
///
/// The pages are the previous pages (the furthest back first), the initial page, then the next
/// pages, each as the cache has it now: a write to an item of any page brings a new output.
public struct PaginationOutput<InitialQuery: GraphQLQuery, PageQuery: GraphQLQuery>: Sendable {
    /// The pages loaded before the initial page, the furthest back first.
    public var previousPages: [PageQuery.Data]
    /// The initial query's page; `nil` until the first load (and after a reset).
    public var initialPage: InitialQuery.Data?
    /// The pages loaded after the initial page, in order.
    public var nextPages: [PageQuery.Data]
    /// Whether a next page exists (or, before the first load, the initial page).
    public var canLoadNext: Bool
    /// Whether a previous page exists and the pager has a query for it.
    public var canLoadPrevious: Bool
    /// Whether a load or refetch is scheduled or running.
    public var isLoading: Bool
    /// The output's place in the pager's sequence of outputs: a later output has a greater
    /// version. A view model that takes outputs from two places (a stream and
    /// ``GraphQLQueryPager/output``) keeps the one with the greater version.
    public var version: Int

    /// How many pages are loaded, the initial one included.
    public var pageCount: Int {
        previousPages.count + (initialPage == nil ? 0 : 1) + nextPages.count
    }
}

extension PaginationOutput where InitialQuery == PageQuery {
    /// Every page in order, when the initial query and the page query are one type.
    public var allPages: [PageQuery.Data] {
        previousPages + (initialPage.map { [$0] } ?? []) + nextPages
    }
}
