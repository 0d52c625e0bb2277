import Foundation
import Orion

/// A page a pager holds: its data as the cache has it now, what it said of its neighbours when
/// it was loaded, and the watcher that keeps its data current.
struct LoadedPage<Query: GraphQLQuery>: Sendable {
    /// Names the page to its watcher's deliveries, which may arrive after the page is gone.
    let id = UUID()
    let query: Query
    var data: Query.Data
    /// Read when the page was loaded: a cache update changes the items, not where the server's
    /// pages begin and end.
    let info: PageInfo
    var watcher: (any Cancellable)?
}
