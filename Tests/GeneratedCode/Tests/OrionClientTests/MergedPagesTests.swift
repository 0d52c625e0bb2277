import Foundation
import MergedLaunchesAPI
import Orion
import Testing

/// Pages merged by the normalized cache (`@fieldPolicy(forField: "launches", paginationArgs:
/// "after")`, Schemas/MergedLaunches) against the RocketReserver server: a plain watcher of the
/// first page shows every page loaded since.
@Suite struct MergedPagesTests {
    /// The ids of a page's data, in order.
    private static func ids(_ data: LaunchPageQuery.Data?) -> [String] {
        data?.launches.launches.compactMap { $0?.id } ?? []
    }

    /// The next data the watcher delivers that satisfies `condition` (a test that fails waits
    /// here until its time limit).
    private static func next(
        _ results: inout AsyncThrowingStream<GraphQLResult<LaunchPageQuery.Data>, any Error>.Iterator,
        where condition: ([String]) -> Bool
    ) async throws -> LaunchPageQuery.Data {
        while let result = try await results.next() {
            if let data = result.data, condition(ids(data)) { return data }
        }
        throw CancellationError()
    }

    @Test(.timeLimit(.minutes(2)))
    func aWatcherOfTheFirstPageShowsEveryPageFetchedAfterItAndARefetchStartsOver() async throws {
        let server = try await RocketReserverProcess()
        // Every launch, in the server's order, from one page of them all, in a cache of its own.
        let expected = Self.ids(try await OrionClient(url: server.url).fetch(query: LaunchPageQuery(pageSize: 500)).data)
        #expect(expected.count == 110)

        let client = OrionClient(url: server.url)
        let pageSize = 20
        var results = client.watch(query: LaunchPageQuery(pageSize: .some(pageSize))).makeAsyncIterator()
        var shown = try await Self.next(&results) { !$0.isEmpty }
        #expect(Self.ids(shown) == Array(expected.prefix(pageSize)))

        // Each later page from the server (the cache would answer with the pages so far).
        var pages = 1
        var lastCursor = shown.launches.cursor
        while shown.launches.hasMore {
            let page = try await client.fetch(
                query: LaunchPageQuery(pageSize: .some(pageSize), after: .some(shown.launches.cursor)), cachePolicy: .fetchIgnoringCacheData)
            #expect(Self.ids(page.data).count <= pageSize, "the result is the page the server sent")
            lastCursor = try #require(page.data).launches.cursor
            pages += 1
            let count = min(pages * pageSize, expected.count)
            shown = try await Self.next(&results) { $0.count == count }
            #expect(Self.ids(shown) == Array(expected.prefix(count)), "every launch so far, once, in order")
        }
        #expect(pages == 6)
        #expect(shown.launches.cursor == lastCursor, "the cursor of the last page")

        // A read of a later page's query is the merged list too.
        let later = try await client.fetch(query: LaunchPageQuery(pageSize: .some(pageSize), after: .some(expected[19])), cachePolicy: .returnCacheDataDontFetch)
        #expect(Self.ids(later.data) == expected)

        // The first page again: the list starts over.
        _ = try await client.fetch(query: LaunchPageQuery(pageSize: .some(pageSize)), cachePolicy: .fetchIgnoringCacheData)
        shown = try await Self.next(&results) { $0.count == pageSize }
        #expect(Self.ids(shown) == Array(expected.prefix(pageSize)))
        #expect(shown.launches.hasMore)
    }
}
