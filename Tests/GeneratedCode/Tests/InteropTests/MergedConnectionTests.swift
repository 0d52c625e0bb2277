import Foundation
import MergedPagingAPI
import Orion
import Testing

/// A Relay connection merged by the normalized cache (`@typePolicy(connectionFields: "items")`,
/// Schemas/MergedPaging) against the pagination tests' strawberry server (`Tests/Paging/server.py`:
/// 50 items `i0`…`i49`): a watcher of the first page shows the pages after it, and one of the
/// last page the pages before it, with the page info of both ends.
@Suite struct MergedConnectionTests {
    static let allIDs = (0..<50).map { "i\($0)" }

    private static func ids(_ data: ItemsQuery.Data) -> [String] {
        data.items.edges.map(\.node.id)
    }

    /// The next data the watcher delivers that satisfies `condition` (a test that fails waits
    /// here until its time limit).
    private static func next(
        _ results: inout AsyncThrowingStream<GraphQLResult<ItemsQuery.Data>, any Error>.Iterator,
        where condition: ([String]) -> Bool
    ) async throws -> ItemsQuery.Data {
        while let result = try await results.next() {
            if let data = result.data, condition(ids(data)) { return data }
        }
        throw CancellationError()
    }

    @Test(.timeLimit(.minutes(2)))
    func pagesAfterAreAppendedWithTheEndCursorOfTheLast() async throws {
        let server = try StrawberryServer(script: "Paging/server.py")
        let client = OrionClient(url: server.httpURL)
        var results = client.watch(query: ItemsQuery(first: 10)).makeAsyncIterator()
        var shown = try await Self.next(&results) { !$0.isEmpty }
        #expect(Self.ids(shown) == Array(Self.allIDs[0..<10]))

        for count in [20, 30] {
            _ = try await client.fetch(query: ItemsQuery(first: 10, after: shown.items.pageInfo.endCursor.map(GraphQLNullable.some) ?? .absent),
                                       cachePolicy: .fetchIgnoringCacheData)
            shown = try await Self.next(&results) { $0.count == count }
            #expect(Self.ids(shown) == Array(Self.allIDs[0..<count]))
        }
        #expect(Set(shown.items.edges.map(\.cursor)).count == 30, "each page's edges are its own")
        let info = shown.items.pageInfo
        #expect(info.startCursor == shown.items.edges.first?.cursor && !info.hasPreviousPage, "from the first page")
        #expect(info.endCursor == shown.items.edges.last?.cursor && info.hasNextPage, "from the last page")
    }

    @Test(.timeLimit(.minutes(2)))
    func pagesBeforeArePrependedWithTheStartCursorOfTheFirst() async throws {
        let server = try StrawberryServer(script: "Paging/server.py")
        let client = OrionClient(url: server.httpURL)
        var results = client.watch(query: ItemsQuery(last: 20)).makeAsyncIterator()
        var shown = try await Self.next(&results) { !$0.isEmpty }
        #expect(Self.ids(shown) == Array(Self.allIDs[30..<50]))
        let endCursor = shown.items.pageInfo.endCursor

        for count in [40, 50] {
            _ = try await client.fetch(query: ItemsQuery(last: 20, before: shown.items.pageInfo.startCursor.map(GraphQLNullable.some) ?? .absent),
                                       cachePolicy: .fetchIgnoringCacheData)
            shown = try await Self.next(&results) { $0.count == count }
            #expect(Self.ids(shown) == Array(Self.allIDs[(50 - count)..<50]))
        }
        // 20 + 20 + 10: the last page before is short.
        let info = shown.items.pageInfo
        #expect(info.startCursor == shown.items.edges.first?.cursor && !info.hasPreviousPage, "from the first page before")
        #expect(info.endCursor == endCursor && !info.hasNextPage, "kept from the page at the end")
    }
}
