import Foundation
import Orion

/// Everything a pager knows, owned by the pager's lock: one place changes it, at one time.
struct PagerState<InitialQuery: GraphQLQuery, PageQuery: GraphQLQuery> {
    typealias Output = PaginationOutput<InitialQuery, PageQuery>

    /// Whether the pager was given a query for previous pages.
    let hasPreviousPageQuery: Bool

    /// The furthest back first.
    var previous: [LoadedPage<PageQuery>] = []
    var initial: LoadedPage<InitialQuery>?
    var next: [LoadedPage<PageQuery>] = []

    /// The pages on one side of the initial page.
    enum Side: Sendable {
        case previous, next
    }

    subscript(side side: Side) -> [LoadedPage<PageQuery>] {
        get { side == .previous ? previous : next }
        set {
            switch side {
            case .previous: previous = newValue
            case .next: next = newValue
            }
        }
    }

    /// Raised by `reset()`: a load started before it commits nothing.
    var generation = 0
    /// The version of the last output.
    var version = 0
    /// While a refetch fetches, its writes update the old pages in place without an output:
    /// its commit is the one output that shows the refetch.
    var isRefetching = false

    /// The loads scheduled or running, one of each kind at most.
    var loads: [PageLoad.Kind: PageLoad] = [:]
    /// The last load scheduled: each load waits for it, so that loads run one at a time, in the
    /// order they were asked for.
    var tail: Task<Void, any Error>?

    var subscribers: [UUID: Subscriber] = [:]

    /// Whoever takes the pager's outputs, called on the pager's serial delivery queue.
    struct Subscriber {
        let deliver: @Sendable (Output) -> Void
        let finish: @Sendable () -> Void
    }

    /// Where the page after the last starts; `nil` when the last page is the end (or nothing is
    /// loaded).
    var nextPosition: PagePosition? {
        if let last = next.last { return last.info.next }
        return initial?.info.next
    }

    /// Where the page before the first ends; `nil` when the first page is the start.
    var previousPosition: PagePosition? {
        if let first = previous.first { return first.info.previous }
        return initial?.info.previous
    }

    var canLoadNext: Bool { initial == nil || nextPosition != nil }
    var canLoadPrevious: Bool { hasPreviousPageQuery && previousPosition != nil }

    var output: Output {
        Output(
            previousPages: previous.map(\.data), initialPage: initial?.data, nextPages: next.map(\.data),
            canLoadNext: canLoadNext, canLoadPrevious: canLoadPrevious, isLoading: !loads.isEmpty, version: version
        )
    }

    /// The watchers of every page, which the caller cancels once it has let go of the lock.
    var watchers: [any Cancellable] {
        (previous.compactMap(\.watcher) + [initial?.watcher].compactMap { $0 } + next.compactMap(\.watcher))
    }

    /// Publishes a new output to every subscriber, through `queue` (serial), in the order of
    /// the calls: the caller holds the lock, so outputs go out in the order the state changed.
    mutating func publish(on queue: DispatchQueue) {
        version += 1
        let output = output
        let deliveries = subscribers.values.map(\.deliver)
        queue.async { for deliver in deliveries { deliver(output) } }
    }
}
