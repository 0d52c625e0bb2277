import Observation
import Orion
import OrionAPI
import OrionPagination

/// The list of launches, newest first, loaded a page at a time by a pager (infinite scrolling:
/// the list calls `loadMoreIfNeeded` as each row appears). Every loaded page is watched in the
/// cache, so a booking made on another screen shows in the list without a refetch.
@MainActor @Observable
public final class LaunchListViewModel {
    public typealias Launch = LaunchListQuery.Data.Launches.Launch
    private typealias Pager = GraphQLQueryPager<LaunchListQuery, LaunchListQuery>

    public private(set) var launches: [Launch] = []
    public private(set) var hasMore = true
    public private(set) var isLoading = false
    /// What went wrong with the last page, for the screen to show.
    public private(set) var errorMessage: String?

    public let pageSize: Int
    @ObservationIgnored private let pager: Pager
    /// The pager's outputs, from its handler; `loadNextPage` shows the current one at once.
    @ObservationIgnored private var subscription: (any Cancellable)?
    /// The version of the output shown: an output from the handler may arrive after a newer one
    /// was shown.
    @ObservationIgnored private var shownVersion = -1

    public init(client: OrionClient, pageSize: Int = 20) {
        self.pageSize = pageSize
        pager = GraphQLQueryPager(
            client: client,
            query: LaunchListQuery(pageSize: .some(pageSize)),
            extractPageInfo: { .cursor($0.launches.cursor, hasMore: $0.launches.hasMore) },
            nextPageQuery: { LaunchListQuery(pageSize: .some(pageSize), after: $0.cursor ?? .absent) }
        )
        subscription = pager.subscribe(transform: { $0 }) { [weak self] output in self?.show(output) }
    }

    /// Loads the next page, unless the last was loaded; a call while a page loads waits for it
    /// (the pager makes one request for both).
    public func loadNextPage() async {
        do {
            try await pager.loadNext()
            errorMessage = nil
        } catch {
            errorMessage = "\(error)"
        }
        show(pager.output)
    }

    /// Loads the next page when `launch` is the last one shown.
    public func loadMoreIfNeeded(after launch: Launch) async {
        if launch.id == launches.last?.id { await loadNextPage() }
    }

    private func show(_ output: Pager.Output) {
        guard output.version > shownVersion else { return }
        shownVersion = output.version
        launches = output.allPages.flatMap { $0.launches.launches.compactMap { $0 } }
        hasMore = output.canLoadNext
        isLoading = output.isLoading
    }
}
