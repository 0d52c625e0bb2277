import Observation
import Orion
import OrionAPI

/// The list of launches, newest first, loaded a page at a time by cursor (infinite scrolling:
/// the list calls `loadMoreIfNeeded` as each row appears).
@MainActor @Observable
public final class LaunchListViewModel {
    public typealias Launch = LaunchListQuery.Data.Launches.Launch

    public private(set) var launches: [Launch] = []
    public private(set) var hasMore = true
    public private(set) var isLoading = false
    /// What went wrong with the last page, for the screen to show.
    public private(set) var errorMessage: String?

    private var cursor: String?
    private let client: OrionClient
    public let pageSize: Int

    public init(client: OrionClient, pageSize: Int = 20) {
        self.client = client
        self.pageSize = pageSize
    }

    /// Loads the next page, unless one is loading or the last was loaded.
    public func loadNextPage() async {
        guard hasMore, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        let query = LaunchListQuery(pageSize: .some(pageSize), after: cursor ?? .absent)
        do {
            let result = try await client.fetch(query: query)
            guard let page = result.data?.launches else {
                errorMessage = result.errors?.first?.message ?? "The server sent no launches."
                return
            }
            launches += page.launches.compactMap { $0 }
            cursor = page.cursor
            hasMore = page.hasMore
            errorMessage = nil
        } catch {
            errorMessage = "\(error)"
        }
    }

    /// Loads the next page when `launch` is the last one shown.
    public func loadMoreIfNeeded(after launch: Launch) async {
        if launch.id == launches.last?.id { await loadNextPage() }
    }
}
