import Dispatch
import Foundation
import Orion

/// Loads a paginated list a page at a time and keeps every loaded page current: an initial
/// query, and a page query for the pages after it (and, where the API has them, before it).
///
/// ```swift
/// let pager = GraphQLQueryPager(
///     client: client,
///     query: LaunchListQuery(pageSize: 20),
///     extractPageInfo: { .cursor($0.launches.cursor, hasMore: $0.launches.hasMore) },
///     nextPageQuery: { LaunchListQuery(pageSize: 20, after: $0.cursor ?? .absent) }
/// )
/// try await pager.loadNext()          // the initial page
/// try await pager.loadNext()          // the page after it
/// for await launches in pager.outputs({ $0.allPages.flatMap { $0.launches.launches.compactMap { $0 } } }) {
///     show(launches)
/// }
/// ```
///
/// The pager reads where each page's neighbours start from the page's data, with the closures
/// given to it (see ``PageInfo``), so any shape of pagination works: a cursor and a has-more
/// flag, Relay connections forward and backward, offsets.
///
/// ## Outputs
///
/// Every change (a page loaded, a refetch, a reset, a cache write to an item of any page, a
/// load starting or ending) brings a new ``PaginationOutput``: all the pages in order, whether
/// more can be loaded, and whether a load is under way. Take them as an `AsyncSequence`
/// (``outputs()``, one stream per call, any number of consumers) or with a handler on a queue
/// (``subscribe(queue:transform:handler:)``, or on the main actor). Each consumer may turn
/// outputs into a merged view of its own (a transform closure), such as one list of items.
/// A new consumer gets the current output first.
///
/// ## Guarantees
///
/// - **One load at a time, in call order.** `loadNext()`, `loadPrevious()` and `refetch()`
///   run one after another, each after the ones asked for before it: a `loadNext()` asked for
///   during a refetch loads the page after the refetched pages.
/// - **Concurrent calls collapse.** A `loadNext()` while another is scheduled or running joins
///   it: one request, and every caller returns when it ends (the same for `loadPrevious()` and
///   `refetch()`).
/// - **Outputs in order.** Outputs are published in the order the pager's state changed, each
///   with a greater ``PaginationOutput/version``; no consumer sees an older one after a newer.
/// - **Watched pages.** Each loaded page is watched in the client's cache
///   (`OrionClient.watch`): a write to an item of any page (a mutation's result, another query,
///   a cache transaction) brings an output with that page as the cache now has it. Page info is
///   kept as the page was loaded.
/// - **Refetch replaces all pages at once.** ``refetch()`` fetches the initial page and as many
///   pages on each side as were loaded, from the server, following the new page info; the old
///   pages stay (without outputs) until the new ones are all in, then one output shows them. A
///   failed refetch leaves the old pages.
/// - **Errors keep the pages.** A load that fails throws from the call that asked for it; the
///   pages already loaded stay, and the load can be asked for again.
/// - **Reset.** ``reset()`` cancels every load scheduled or running (their callers get
///   `CancellationError`), stops watching, and drops every page; the pager starts over.
/// - **Cancellation.** Cancelling the task that awaits a load stops the load when no other
///   caller awaits it (the request is cancelled and no page is added), and stops ``loadAll(maxPages:)``
///   before its next page. A cancelled caller returns when the load it joined ends.
public final class GraphQLQueryPager<InitialQuery: GraphQLQuery, PageQuery: GraphQLQuery>: Sendable {
    public typealias Output = PaginationOutput<InitialQuery, PageQuery>

    /// The client that fetches and watches the pages.
    public let client: OrionClient
    /// The query of the first page.
    public let initialQuery: InitialQuery
    /// The policy of loads (`refetch()` always asks the server).
    public let cachePolicy: CachePolicy
    private let extractInitialPageInfo: @Sendable (InitialQuery.Data) throws -> PageInfo
    private let extractPageInfo: @Sendable (PageQuery.Data) throws -> PageInfo
    private let nextPageQuery: @Sendable (PagePosition) -> PageQuery
    private let previousPageQuery: (@Sendable (PagePosition) -> PageQuery)?

    private let state: Mutex<PagerState<InitialQuery, PageQuery>>
    /// Serial: outputs reach subscribers in the order they were published.
    private let deliveryQueue = DispatchQueue(label: "orion.pager.outputs")
    /// Serial: the page watchers' deliveries, applied in the order they come.
    private let watchQueue = DispatchQueue(label: "orion.pager.watch")

    /// A pager of two queries: one for the first page, one for the pages around it.
    ///
    /// - Parameters:
    ///   - client: the client that fetches and watches the pages.
    ///   - initialQuery: the query of the first page.
    ///   - cachePolicy: how each page is loaded; the default answers from the cache when it
    ///     holds the page. With `.fetchIgnoringCacheCompletely`, pages are not written to the
    ///     cache, so they are not watched.
    ///   - extractInitialPageInfo: reads the first page's ``PageInfo`` from its data.
    ///   - extractPageInfo: reads another page's ``PageInfo`` from its data.
    ///   - nextPageQuery: the query of the page that starts at a position.
    ///   - previousPageQuery: the query of the page that ends at a position; `nil` when the
    ///     list is only paged forward.
    public init(
        client: OrionClient,
        initialQuery: InitialQuery,
        cachePolicy: CachePolicy = .returnCacheDataElseFetch,
        extractInitialPageInfo: @escaping @Sendable (InitialQuery.Data) throws -> PageInfo,
        extractPageInfo: @escaping @Sendable (PageQuery.Data) throws -> PageInfo,
        nextPageQuery: @escaping @Sendable (PagePosition) -> PageQuery,
        previousPageQuery: (@Sendable (PagePosition) -> PageQuery)? = nil
    ) {
        self.client = client
        self.initialQuery = initialQuery
        self.cachePolicy = cachePolicy
        self.extractInitialPageInfo = extractInitialPageInfo
        self.extractPageInfo = extractPageInfo
        self.nextPageQuery = nextPageQuery
        self.previousPageQuery = previousPageQuery
        state = Mutex(PagerState(hasPreviousPageQuery: previousPageQuery != nil))
    }

    deinit {
        let (watchers, loads, subscribers) = state.withLock { ($0.watchers, $0.loads.values, $0.subscribers.values) }
        for watcher in watchers { watcher.cancel() }
        for load in loads { load.task.cancel() }
        for subscriber in subscribers { subscriber.finish() }
    }

    // MARK: state

    /// The current output: the pages loaded, in order.
    public var output: Output { state.withLock { $0.output } }

    /// Whether ``loadNext()`` would load a page: before the first load, or while the last page
    /// has a next one.
    public var canLoadNext: Bool { state.withLock { $0.canLoadNext } }

    /// Whether ``loadPrevious()`` would load a page: the pager has a previous-page query, and
    /// the first page loaded has a page before it.
    public var canLoadPrevious: Bool { state.withLock { $0.canLoadPrevious } }

    /// Whether a load or refetch is scheduled or running.
    public var isLoading: Bool { state.withLock { !$0.loads.isEmpty } }

    /// How many calls (of ``loadNext()``, ``loadPrevious()``, ``refetch()``) wait for the loads
    /// scheduled or running, cancelled callers aside: several calls that joined one load count
    /// each.
    public var waitingCallers: Int { state.withLock { $0.loads.values.reduce(0) { $0 + $1.callerCount } } }

    // MARK: loading

    /// Loads the page after the last loaded page; the first call (or the first after a reset)
    /// loads the initial page. Does nothing when the last page is the end of the list.
    ///
    /// - Throws: the client's errors, ``PaginationError``, what the page-info closure throws,
    ///   or `CancellationError`; the pages already loaded stay.
    public func loadNext() async throws {
        try await run(.next) { generation in
            if try await self.loadInitialIfNeeded(generation, .next) { return }
            guard let position = self.state.withLock({ $0.nextPosition }) else { return }
            let page = try await self.fetch(self.nextPageQuery(position), self.cachePolicy, self.extractPageInfo)
            try self.commit(generation, .next) { state in state.next.append(page) }
            self.watch(page, in: .next)
        }
    }

    /// Loads the page before the first loaded page; the first call (or the first after a reset)
    /// loads the initial page. Does nothing when the first page is the start of the list.
    ///
    /// - Throws: ``PaginationError/noPreviousPageQuery`` when the pager has no query for
    ///   previous pages; otherwise as ``loadNext()``.
    public func loadPrevious() async throws {
        guard let previousPageQuery else { throw PaginationError.noPreviousPageQuery }
        try await run(.previous) { generation in
            if try await self.loadInitialIfNeeded(generation, .previous) { return }
            guard let position = self.state.withLock({ $0.previousPosition }) else { return }
            let page = try await self.fetch(previousPageQuery(position), self.cachePolicy, self.extractPageInfo)
            try self.commit(generation, .previous) { state in state.previous.insert(page, at: 0) }
            self.watch(page, in: .previous)
        }
    }

    /// Loads next pages until the last page, or until this call has loaded `maxPages`.
    ///
    /// - Parameter maxPages: the most pages this call loads (the initial page counts when it
    ///   loads it); `nil` for no limit.
    /// - Throws: as ``loadNext()``; cancelling the calling task stops it before its next page.
    public func loadAll(maxPages: Int? = nil) async throws {
        var loaded = 0
        while canLoadNext, maxPages.map({ loaded < $0 }) ?? true {
            try Task.checkCancellation()
            let before = output.pageCount
            try await loadNext()
            // A load that added nothing (the pager was reset meanwhile) must not loop forever.
            guard output.pageCount > before else { return }
            loaded += 1
        }
    }

    /// Fetches every loaded page again from the server, and replaces them all at once: the
    /// initial page, then as many pages after it (and before it) as were loaded, each from the
    /// page info of the one fetched before it. Stops on a side where the new pages end sooner.
    ///
    /// Before the first load, loads the initial page.
    ///
    /// - Throws: as ``loadNext()``; the old pages stay when it fails.
    public func refetch() async throws {
        try await run(.refetch) { generation in
            if try await self.loadInitialIfNeeded(generation, .refetch) { return }
            let (nextCount, previousCount) = self.state.withLock { state in
                state.isRefetching = true
                return (state.next.count, state.previous.count)
            }
            // Unless a reset came meanwhile: the flag may be a later refetch's then.
            defer { self.state.withLock { state in if state.generation == generation { state.isRefetching = false } } }
            let initial = try await self.fetch(self.initialQuery, .fetchIgnoringCacheData, self.extractInitialPageInfo)
            var next: [LoadedPage<PageQuery>] = []
            var nextPosition = initial.info.next
            while next.count < nextCount, let position = nextPosition {
                let page = try await self.fetch(self.nextPageQuery(position), .fetchIgnoringCacheData, self.extractPageInfo)
                next.append(page)
                nextPosition = page.info.next
            }
            var previous: [LoadedPage<PageQuery>] = []
            var previousPosition = initial.info.previous
            while previous.count < previousCount, let previousPageQuery = self.previousPageQuery, let position = previousPosition {
                let page = try await self.fetch(previousPageQuery(position), .fetchIgnoringCacheData, self.extractPageInfo)
                previous.insert(page, at: 0)
                previousPosition = page.info.previous
            }
            var replaced: [any Cancellable] = []
            try self.commit(generation, .refetch) { state in
                replaced = state.watchers
                state.isRefetching = false
                state.initial = initial
                state.next = next
                state.previous = previous
            }
            for watcher in replaced { watcher.cancel() }
            self.watch(initial)
            for page in next { self.watch(page, in: .next) }
            for page in previous { self.watch(page, in: .previous) }
        }
    }

    /// Cancels every load scheduled or running, stops watching, and drops every page: the next
    /// load starts from the initial page.
    public func reset() {
        let (watchers, loads) = state.withLock { state in
            let taken = (state.watchers, Array(state.loads.values))
            state.generation += 1
            state.loads = [:]
            state.tail = nil
            state.isRefetching = false
            state.previous = []
            state.initial = nil
            state.next = []
            state.publish(on: deliveryQueue)
            return taken
        }
        for load in loads { load.task.cancel() }
        for watcher in watchers { watcher.cancel() }
    }

    // MARK: running loads

    /// Joins the load of `kind` in flight, or schedules one after the last load scheduled.
    /// `work` gets the generation it runs in, for its commit.
    private func run(_ kind: PageLoad.Kind, _ work: @escaping @Sendable (Int) async throws -> Void) async throws {
        let load = state.withLock { state -> PageLoad in
            if let running = state.loads[kind], running.join() { return running }
            let generation = state.generation
            let before = state.tail
            // Created under the lock: the task's own end, which takes the lock, finds it in place.
            let id = UUID()
            let task = Task {
                defer { self.end(kind, id) }
                _ = await before?.result
                try Task.checkCancellation()
                try await work(generation)
            }
            let load = PageLoad(id: id, task: task)
            state.loads[kind] = load
            state.tail = task
            state.publish(on: deliveryQueue)
            return load
        }
        try await load.wait()
    }

    /// Forgets a load that has ended, unless a commit or a reset already did.
    private func end(_ kind: PageLoad.Kind, _ id: UUID) {
        state.withLock { state in
            guard let load = state.loads[kind], load.id == id else { return }
            state.loads[kind] = nil
            state.publish(on: deliveryQueue)
        }
    }

    /// Changes the pages for a load that succeeded and forgets the load, in one output; throws
    /// `CancellationError` when the pager was reset (or the load cancelled) meanwhile.
    private func commit(_ generation: Int, _ kind: PageLoad.Kind, _ change: (inout PagerState<InitialQuery, PageQuery>) -> Void) throws {
        try state.withLock { state in
            guard state.generation == generation, !Task.isCancelled else { throw CancellationError() }
            change(&state)
            state.loads[kind] = nil
            state.publish(on: deliveryQueue)
        }
    }

    /// Loads the initial page when none is loaded, as the load of `kind`; whether it did.
    private func loadInitialIfNeeded(_ generation: Int, _ kind: PageLoad.Kind) async throws -> Bool {
        guard state.withLock({ $0.initial == nil }) else { return false }
        let page = try await fetch(initialQuery, cachePolicy, extractInitialPageInfo)
        try commit(generation, kind) { state in state.initial = page }
        watch(page)
        return true
    }

    private func fetch<Query: GraphQLQuery>(
        _ query: Query, _ cachePolicy: CachePolicy, _ extract: @Sendable (Query.Data) throws -> PageInfo
    ) async throws -> LoadedPage<Query> {
        let result = try await client.fetch(query: query, cachePolicy: cachePolicy)
        guard let data = result.data else { throw PaginationError.noData(errors: result.errors ?? []) }
        return LoadedPage(query: query, data: data, info: try extract(data), watcher: nil)
    }

    // MARK: watching pages

    /// Watches the initial page in the cache: each change of its data becomes an output.
    private func watch(_ page: LoadedPage<InitialQuery>) {
        guard cachePolicy != .fetchIgnoringCacheCompletely else { return }
        let watcher = client.watch(query: page.query, cachePolicy: .returnCacheDataDontFetch, queue: watchQueue) { [weak self] result in
            guard case .success(let value) = result, let data = value.data else { return }
            self?.update { state in
                guard var initial = state.initial, initial.id == page.id, Self.replace(&initial.data, with: data) else { return false }
                state.initial = initial
                return true
            }
        }
        attach(watcher) { state in
            guard state.initial?.id == page.id else { return false }
            state.initial?.watcher = watcher
            return true
        }
    }

    /// Watches a page before or after the initial one, as ``watch(_:)`` does the initial one.
    private func watch(_ page: LoadedPage<PageQuery>, in side: PagerState<InitialQuery, PageQuery>.Side) {
        guard cachePolicy != .fetchIgnoringCacheCompletely else { return }
        let watcher = client.watch(query: page.query, cachePolicy: .returnCacheDataDontFetch, queue: watchQueue) { [weak self] result in
            guard case .success(let value) = result, let data = value.data else { return }
            self?.update { state in
                guard let index = state[side: side].firstIndex(where: { $0.id == page.id }) else { return false }
                return Self.replace(&state[side: side][index].data, with: data)
            }
        }
        attach(watcher) { state in
            guard let index = state[side: side].firstIndex(where: { $0.id == page.id }) else { return false }
            state[side: side][index].watcher = watcher
            return true
        }
    }

    /// Gives a page its watcher, or cancels the watcher when the page is gone already.
    private func attach(_ watcher: any Cancellable, _ give: (inout PagerState<InitialQuery, PageQuery>) -> Bool) {
        if !state.withLock(give) { watcher.cancel() }
    }

    /// Applies a watcher's delivery: an output when it changed a page, unless a refetch is
    /// fetching (its commit shows the pages).
    private func update(_ change: (inout PagerState<InitialQuery, PageQuery>) -> Bool) {
        state.withLock { state in
            guard change(&state), !state.isRefetching else { return }
            state.publish(on: deliveryQueue)
        }
    }

    /// Sets `data` to `new`; whether it differed.
    private static func replace<Data: RootSelectionSet>(_ data: inout Data, with new: Data) -> Bool {
        guard data.__data != new.__data else { return false }
        data = new
        return true
    }

    // MARK: subscribers

    /// Adds a subscriber, which gets the current output first.
    func addSubscriber(_ subscriber: PagerState<InitialQuery, PageQuery>.Subscriber) -> UUID {
        let id = UUID()
        state.withLock { state in
            state.subscribers[id] = subscriber
            let output = state.output
            deliveryQueue.async { subscriber.deliver(output) }
        }
        return id
    }

    func removeSubscriber(_ id: UUID) {
        state.withLock { $0.subscribers[id] = nil }
    }
}

extension GraphQLQueryPager where InitialQuery == PageQuery {
    /// A pager of one query type, for the first page and the pages around it.
    ///
    /// - Parameters:
    ///   - client: the client that fetches and watches the pages.
    ///   - query: the query of the first page.
    ///   - cachePolicy: how each page is loaded (see ``init(client:initialQuery:cachePolicy:extractInitialPageInfo:extractPageInfo:nextPageQuery:previousPageQuery:)``).
    ///   - extractPageInfo: reads a page's ``PageInfo`` from its data.
    ///   - nextPageQuery: the query of the page that starts at a position.
    ///   - previousPageQuery: the query of the page that ends at a position; `nil` when the
    ///     list is only paged forward.
    public convenience init(
        client: OrionClient,
        query: PageQuery,
        cachePolicy: CachePolicy = .returnCacheDataElseFetch,
        extractPageInfo: @escaping @Sendable (PageQuery.Data) throws -> PageInfo,
        nextPageQuery: @escaping @Sendable (PagePosition) -> PageQuery,
        previousPageQuery: (@Sendable (PagePosition) -> PageQuery)? = nil
    ) {
        self.init(
            client: client, initialQuery: query, cachePolicy: cachePolicy, extractInitialPageInfo: extractPageInfo,
            extractPageInfo: extractPageInfo, nextPageQuery: nextPageQuery, previousPageQuery: previousPageQuery
        )
    }
}
