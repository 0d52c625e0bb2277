import Foundation
import Orion
import OrionPagination
import RocketReserverAPI
import Testing

/// `GraphQLQueryPager` against the RocketReserver server: its 110 launches, paged by cursor.
/// Requests are counted (and held, where a test needs a load in flight) by an interceptor.
@Suite struct PaginationTests {
    typealias Launch = LaunchListQuery.Data.Launches.Launch
    typealias Pager = GraphQLQueryPager<LaunchListQuery, LaunchListQuery>

    static func pager(_ client: OrionClient, pageSize: Int, cachePolicy: CachePolicy = .returnCacheDataElseFetch) -> Pager {
        GraphQLQueryPager(
            client: client,
            query: LaunchListQuery(pageSize: .some(pageSize)),
            cachePolicy: cachePolicy,
            extractPageInfo: { .cursor($0.launches.cursor, hasMore: $0.launches.hasMore) },
            nextPageQuery: { LaunchListQuery(pageSize: .some(pageSize), after: $0.cursor ?? .absent) }
        )
    }

    /// Every launch of every page, in order.
    static func launches(_ output: Pager.Output) -> [Launch] {
        output.allPages.flatMap { $0.launches.launches.compactMap { $0 } }
    }

    static func client(_ server: RocketReserverProcess, requests: LaunchListRequests, tokens: TokenStore = TokenStore()) -> OrionClient {
        let provider = DefaultInterceptorProvider(prepending: [TokenAuthorization(tokens: tokens), requests])
        return OrionClient(networkTransport: RequestChainNetworkTransport(url: server.url, interceptorProvider: provider))
    }

    /// The ids of the server's launches, newest first, from one page of all of them.
    static func allIDs(_ server: RocketReserverProcess) async throws -> [String] {
        let result = try await OrionClient(url: server.url).fetch(query: LaunchListQuery(pageSize: .some(500)))
        return try #require(result.data).launches.launches.compactMap { $0?.id }
    }

    // MARK: loading every page

    @Test func loadAllLoadsEveryLaunchOnceForEveryPageSize() async throws {
        let server = try await RocketReserverProcess()
        let expected = try await Self.allIDs(server)
        #expect(expected.count == 110)
        for pageSize in [1, 7, 20, 110] {
            let requests = LaunchListRequests()
            let pager = Self.pager(Self.client(server, requests: requests), pageSize: pageSize)
            let recorder = OutputRecorder(pager) { Self.launches($0).map(\.id) }
            try await pager.loadAll()

            let pages = (110 + pageSize - 1) / pageSize
            #expect(Self.launches(pager.output).map(\.id) == expected, "page size \(pageSize)")
            #expect(pager.output.pageCount == pages)
            #expect(requests.count == pages, "a request per page, none after the last")
            #expect(!pager.canLoadNext)
            #expect(!pager.isLoading)
            // The stream ends on the same list.
            let last = try await recorder.first(where: { $0.count == 110 }, "all launches in the outputs")
            #expect(last == expected)

            // Past the last page, nothing is asked.
            try await pager.loadNext()
            #expect(requests.count == pages)
        }
    }

    @Test func loadAllStopsAtMaxPagesAndThenAtTheLastPage() async throws {
        let server = try await RocketReserverProcess()
        let requests = LaunchListRequests()
        let pager = Self.pager(Self.client(server, requests: requests), pageSize: 20)

        try await pager.loadAll(maxPages: 3)
        #expect(pager.output.pageCount == 3)
        #expect(requests.count == 3)
        #expect(pager.canLoadNext)

        try await pager.loadAll(maxPages: 2)
        #expect(pager.output.pageCount == 5)

        try await pager.loadAll(maxPages: 10)
        #expect(pager.output.pageCount == 6, "110 launches are 6 pages of 20")
        #expect(requests.count == 6)
        #expect(!pager.canLoadNext)
        #expect(Set(Self.launches(pager.output).map(\.id)).count == 110)
    }

    // MARK: watching

    @Test func aBookingOfALaunchOnPageThreeUpdatesItInTheOutput() async throws {
        let server = try await RocketReserverProcess()
        let tokens = TokenStore()
        let client = Self.client(server, requests: LaunchListRequests(), tokens: tokens)
        let pager = Self.pager(client, pageSize: 10)
        try await pager.loadAll(maxPages: 3)
        let pageThree = try #require(pager.output.nextPages.last).launches.launches.compactMap { $0 }
        let launch = try #require(pageThree.first { !$0.isBooked })
        let recorder = OutputRecorder(pager) { $0 }

        let login = try await client.perform(mutation: LoginMutation(email: "pager@example.com"))
        await tokens.set(try #require(login.data?.login?.token))
        let booked = try await client.perform(mutation: BookTripMutation(id: launch.id))
        #expect(booked.data?.bookTrips.success == true)

        let updated = try await recorder.first(where: { output in
            Self.launches(output).contains { $0.id == launch.id && $0.isBooked }
        }, "the booking in the output")
        #expect(updated.pageCount == 3)
        let updatedPage = try #require(updated.nextPages.last).launches.launches.compactMap { $0 }
        #expect(updatedPage.map(\.id) == pageThree.map(\.id), "the same page, in place")
        #expect(updatedPage.first { $0.id == launch.id }?.isBooked == true)
        #expect(Self.launches(updated).filter(\.isBooked).map(\.id) == [launch.id], "only that launch changed")
    }

    // MARK: concurrency

    @Test func concurrentLoadNextCallsMakeOneRequest() async throws {
        let server = try await RocketReserverProcess()
        let requests = LaunchListRequests(holding: true)
        let pager = Self.pager(Self.client(server, requests: requests), pageSize: 10)
        let callers = 8

        for expectedPages in 1...2 {
            let loads = (0..<callers).map { _ in Task { try await pager.loadNext() } }
            try await Self.waitFor("\(callers) callers") { pager.waitingCallers == callers }
            requests.open()
            for load in loads { try await load.value }
            #expect(requests.count == expectedPages, "one request for \(callers) calls")
            #expect(pager.output.pageCount == expectedPages)
            requests.close()
        }
        requests.open()
        #expect(Set(Self.launches(pager.output).map(\.id)).count == 20)
    }

    @Test func cancellingLoadAllStopsItsRequests() async throws {
        let server = try await RocketReserverProcess()
        let requests = LaunchListRequests(holdingFrom: 3)
        let pager = Self.pager(Self.client(server, requests: requests), pageSize: 10)

        let loadAll = Task { try await pager.loadAll() }
        try await requests.sent.wait(for: 3, "the third page's request")
        loadAll.cancel()
        await #expect(throws: CancellationError.self) { try await loadAll.value }
        #expect(pager.output.pageCount == 2, "the held page is not added")
        #expect(!pager.isLoading)
        #expect(requests.count == 3, "no request after the cancellation")

        // The pager goes on from where it stopped.
        requests.open()
        try await pager.loadNext()
        #expect(pager.output.pageCount == 3)
        #expect(Self.launches(pager.output).count == 30)
    }

    @Test func refetchReplacesAllPagesInOneOutput() async throws {
        let server = try await RocketReserverProcess()
        let requests = LaunchListRequests()
        // One user for both clients: `isBooked` is the logged-in user's.
        let tokens = TokenStore()
        let pager = Self.pager(Self.client(server, requests: requests, tokens: tokens), pageSize: 10)
        try await pager.loadAll(maxPages: 3)
        let before = Self.launches(pager.output)
        let launch = try #require(before.last { !$0.isBooked })

        // Booked by another client: this one's cache does not know until it asks the server.
        let booker = Self.client(server, requests: LaunchListRequests(), tokens: tokens)
        let login = try await booker.perform(mutation: LoginMutation(email: "refetch@example.com"))
        await tokens.set(try #require(login.data?.login?.token))
        #expect(try await booker.perform(mutation: BookTripMutation(id: launch.id)).data?.bookTrips.success == true)

        let recorder = OutputRecorder(pager) { $0 }
        let current = try await recorder.first(where: { _ in true }, "the current output")
        try await pager.refetch()
        #expect(requests.count == 6, "three pages, then the same three again")
        let last = pager.output
        _ = try await recorder.first(where: { $0.version == last.version }, "the refetch's output")

        let seen = recorder.all.filter { $0.version > current.version }
        // One output when the refetch began (the old pages, loading), one with the new pages.
        #expect(seen.map(\.isLoading) == [true, false])
        #expect(seen.map(\.pageCount) == [3, 3])
        #expect(seen.map { Self.launches($0).first { $0.id == launch.id }?.isBooked } == [false, true])
        #expect(Self.launches(last).map(\.id) == before.map(\.id))
    }

    @Test func resetCancelsTheLoadInFlightAndDropsEveryPage() async throws {
        let server = try await RocketReserverProcess()
        let requests = LaunchListRequests(holdingFrom: 3)
        let pager = Self.pager(Self.client(server, requests: requests), pageSize: 10)
        try await pager.loadAll(maxPages: 2)

        let load = Task { try await pager.loadNext() }
        try await requests.sent.wait(for: 3, "the third page's request")
        pager.reset()
        await #expect(throws: CancellationError.self) { try await load.value }
        #expect(pager.output.pageCount == 0)
        #expect(pager.canLoadNext)
        #expect(!pager.isLoading)

        requests.open()
        try await pager.loadNext()
        #expect(pager.output.pageCount == 1, "the initial page again")
        #expect(pager.output.initialPage?.launches.launches.count == 10)
    }

    @Test func aFailedPageThrowsAndKeepsThePagesLoaded() async throws {
        let server = try await RocketReserverProcess()
        let client = Self.client(server, requests: LaunchListRequests())
        // The server refuses a page size below 1.
        let pager = GraphQLQueryPager(
            client: client,
            query: LaunchListQuery(pageSize: .some(10)),
            extractPageInfo: { .cursor($0.launches.cursor, hasMore: $0.launches.hasMore) },
            nextPageQuery: { LaunchListQuery(pageSize: .some(0), after: $0.cursor ?? .absent) }
        )
        try await pager.loadNext()
        await #expect(throws: PaginationError.self) { try await pager.loadNext() }
        #expect(pager.output.pageCount == 1)
        #expect(pager.canLoadNext, "the page can be asked for again")
        #expect(!pager.isLoading)
    }

    @Test func aMainActorHandlerGetsTheMergedList() async throws {
        let server = try await RocketReserverProcess()
        let pager = Self.pager(Self.client(server, requests: LaunchListRequests()), pageSize: 25)
        let model = await LaunchListPagerModel(pager: pager)
        try await pager.loadAll(maxPages: 2)
        while true {
            let (ids, handled) = await model.snapshot()
            if ids.count == 50 { break }
            try await model.handled.wait(for: handled + 1, "the second page in the handler")
        }
        #expect(Set(await model.launchIDs).count == 50)
        await model.stop()
    }

    // MARK: support

    /// Polls `condition` until it holds (what it reads has no event to wait for); fails after
    /// 30 seconds.
    static func waitFor(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition() {
            guard Date() < deadline else { throw EventCount.Timeout(description: "\(what) within 30 s") }
            await Task.yield()
        }
    }
}

/// A `@MainActor` view model that takes the pager's merged list in a main-actor handler, in
/// Swift 6 language mode with no Sendable warnings.
@MainActor
final class LaunchListPagerModel {
    private(set) var launchIDs: [String] = []
    /// Counts the handler's calls.
    nonisolated let handled = EventCount()
    private var subscription: (any Cancellable)?

    init(pager: PaginationTests.Pager) {
        subscription = pager.subscribe(transform: { PaginationTests.launches($0).map(\.id) }) { [weak self] ids in
            self?.launchIDs = ids
            self?.handled.record()
        }
    }

    /// The list and the handler's calls so far, read together.
    func snapshot() -> ([String], Int) {
        (launchIDs, handled.count)
    }

    func stop() {
        subscription?.cancel()
    }
}

/// Counts the `LaunchList` requests a client sends and, when closed, holds them until opened
/// (a held request that is cancelled fails with `CancellationError`).
final class LaunchListRequests: Interceptor, Sendable {
    let sent = EventCount()
    private let state: Locked<(isOpen: Bool, holdFrom: Int, waiters: [UUID: CheckedContinuation<Void, any Error>])>

    var count: Int { sent.count }

    /// - Parameters:
    ///   - holding: whether requests are held from the first.
    ///   - holdingFrom: the first request held (1-based), for a gate that closes later.
    init(holding: Bool = false, holdingFrom: Int? = nil) {
        state = Locked((isOpen: !holding && holdingFrom == nil, holdFrom: holdingFrom ?? 1, waiters: [:]))
    }

    func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
        guard Operation.operationName == LaunchListQuery.operationName else { return request }
        sent.record()
        let number = sent.count
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let passes = state.withLock { state -> Bool in
                    if state.isOpen || number < state.holdFrom || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if passes { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
        return request
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Holds every request from now on.
    func close() {
        state.withLock { state in
            state.isOpen = false
            state.holdFrom = 1
        }
    }
}

/// Every output of a pager, as a handler on a queue records them.
final class OutputRecorder<Model: Sendable>: Sendable {
    private let outputs = Locked<[Model]>([])
    private let count = EventCount()
    private let subscription: any Cancellable

    init(_ pager: PaginationTests.Pager, _ transform: @escaping @Sendable (PaginationTests.Pager.Output) -> Model) {
        let outputs = outputs
        let count = count
        subscription = pager.subscribe(queue: DispatchQueue(label: "recorder"), transform: transform) { model in
            outputs.withLock { $0.append(model) }
            count.record()
        }
    }

    deinit {
        subscription.cancel()
    }

    var all: [Model] { outputs.withLock { $0 } }

    /// The first output (recorded so far or to come) that satisfies `condition`.
    func first(where condition: (Model) -> Bool, _ what: String) async throws -> Model {
        var checked = 0
        while true {
            let all = self.all
            if let hit = all.dropFirst(checked).first(where: condition) { return hit }
            checked = all.count
            try await count.wait(for: checked + 1, what)
        }
    }
}
