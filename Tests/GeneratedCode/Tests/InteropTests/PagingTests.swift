import Foundation
import Orion
import OrionPagination
import PagingAPI
import Testing

/// `GraphQLQueryPager` backward and by offset, against the pagination tests' strawberry server
/// (`Tests/Paging/server.py`: 50 items `i0`…`i49`, a Relay connection paged both ways, and pages
/// by offset). Each test has a server of its own.
@Suite struct PagingTests {
    static let allIDs = (0..<50).map { "i\($0)" }

    private static func relayInfo(_ data: ItemsQuery.Data) throws -> PageInfo {
        let info = data.items.pageInfo
        return try .relay(startCursor: info.startCursor, endCursor: info.endCursor,
                          hasPreviousPage: info.hasPreviousPage, hasNextPage: info.hasNextPage)
    }

    private static func ids(_ output: GraphQLQueryPager<ItemsQuery, ItemsQuery>.Output) -> [String] {
        output.allPages.flatMap { $0.items.edges.map(\.node.id) }
    }

    /// The first output, from now on, that satisfies `condition`.
    private static func output<Initial, Page>(
        of pager: GraphQLQueryPager<Initial, Page>, where condition: @escaping @Sendable (PaginationOutput<Initial, Page>) -> Bool
    ) async throws -> PaginationOutput<Initial, Page> {
        try await withTimeout {
            for await output in pager.outputs() where condition(output) { return output }
            throw InteropTimeout(description: "the pager went before the output came")
        }
    }

    @Test func aRelayConnectionPagedBothWaysFromTheMiddle() async throws {
        let server = try StrawberryServer(script: "Paging/server.py")
        let client = OrionClient(url: server.httpURL)
        let pager = GraphQLQueryPager(
            client: client,
            query: ItemsQuery(first: 10, after: "item:19"),
            extractPageInfo: Self.relayInfo,
            nextPageQuery: { ItemsQuery(first: 10, after: $0.cursor ?? .absent) },
            previousPageQuery: { ItemsQuery(last: 10, before: $0.cursor ?? .absent) }
        )
        #expect(!pager.canLoadPrevious, "nothing is known before the first load")

        try await pager.loadNext()
        #expect(Self.ids(pager.output) == Array(Self.allIDs[20..<30]))
        #expect(pager.canLoadPrevious)

        try await pager.loadPrevious()
        try await pager.loadPrevious()
        #expect(pager.output.previousPages.count == 2)
        #expect(Self.ids(pager.output) == Array(Self.allIDs[0..<30]), "pages before, in order")
        #expect(!pager.canLoadPrevious, "the first page is the start")
        try await pager.loadPrevious()
        #expect(pager.output.pageCount == 3, "nothing before the start")

        try await pager.loadAll()
        #expect(Self.ids(pager.output) == Self.allIDs)
        #expect(!pager.canLoadNext)

        // A refetch loads as many pages on each side again, and shows them at once.
        let before = pager.output
        try await pager.refetch()
        #expect(pager.output.previousPages.count == before.previousPages.count)
        #expect(pager.output.nextPages.count == before.nextPages.count)
        #expect(Self.ids(pager.output) == Self.allIDs)
    }

    @Test func aRelayConnectionPagedBackwardFromTheEndIsWatched() async throws {
        let server = try StrawberryServer(script: "Paging/server.py")
        let client = OrionClient(url: server.httpURL)
        let pager = GraphQLQueryPager(
            client: client,
            query: ItemsQuery(last: 20),
            extractPageInfo: { data in
                let info = data.items.pageInfo
                return try .backward(startCursor: info.startCursor, hasPreviousPage: info.hasPreviousPage)
            },
            nextPageQuery: { ItemsQuery(first: 20, after: $0.cursor ?? .absent) },
            previousPageQuery: { ItemsQuery(last: 20, before: $0.cursor ?? .absent) }
        )
        try await pager.loadNext()
        #expect(!pager.canLoadNext, "paged backward only: no next page")
        while pager.canLoadPrevious { try await pager.loadPrevious() }
        #expect(pager.output.pageCount == 3, "20 + 20 + 10")
        #expect(Self.ids(pager.output) == Self.allIDs)

        // A write to an item of the first page (a previous page) shows in the output.
        let renamed = try await client.perform(mutation: RenameMutation(id: "i3", name: "Renamed"))
        #expect(renamed.data?.rename.name == "Renamed")
        let updated = try await Self.output(of: pager) { output in
            output.previousPages.first?.items.edges.contains { $0.node.id == "i3" && $0.node.name == "Renamed" } == true
        }
        #expect(updated.pageCount == 3)
        #expect(Self.ids(updated) == Self.allIDs)
    }

    @Test func aListPagedByOffsetWithAnInitialQueryOfItsOwn() async throws {
        let server = try StrawberryServer(script: "Paging/server.py")
        let client = OrionClient(url: server.httpURL)
        let pageSize = 10
        @Sendable func info(_ page: ItemsByOffsetQuery.Data.ItemsByOffset) -> PageInfo {
            .offset(page.offset, count: page.items.count, hasMore: page.offset + page.items.count < page.total)
        }
        let pager = GraphQLQueryPager(
            client: client,
            initialQuery: MiddleItemsQuery(),
            extractInitialPageInfo: { .offset($0.itemsByOffset.offset, count: $0.itemsByOffset.items.count,
                                              hasMore: $0.itemsByOffset.offset + $0.itemsByOffset.items.count < $0.itemsByOffset.total) },
            extractPageInfo: { info($0.itemsByOffset) },
            nextPageQuery: { ItemsByOffsetQuery(offset: $0.offset ?? 0, limit: pageSize) },
            previousPageQuery: { position in
                let end = position.offset ?? 0
                return ItemsByOffsetQuery(offset: max(0, end - pageSize), limit: min(pageSize, end))
            }
        )
        @Sendable func ids(_ output: GraphQLQueryPager<MiddleItemsQuery, ItemsByOffsetQuery>.Output) -> [String] {
            output.previousPages.flatMap { $0.itemsByOffset.items.map(\.id) }
                + (output.initialPage?.itemsByOffset.items.map(\.id) ?? [])
                + output.nextPages.flatMap { $0.itemsByOffset.items.map(\.id) }
        }

        try await pager.loadNext()
        #expect(ids(pager.output) == Array(Self.allIDs[20..<30]))
        try await pager.loadPrevious()
        #expect(ids(pager.output) == Array(Self.allIDs[10..<30]))
        try await pager.loadPrevious()
        #expect(!pager.canLoadPrevious)
        try await pager.loadAll(maxPages: 1)
        #expect(ids(pager.output) == Array(Self.allIDs[0..<40]))
        try await pager.loadAll()
        #expect(ids(pager.output) == Self.allIDs)
        #expect(pager.output.pageCount == 5)
        #expect(!pager.canLoadNext)

        // The merged view, as a stream: one list of names, current with the cache.
        _ = try await client.perform(mutation: RenameMutation(id: "i45", name: "Last but four"))
        let names = try await withTimeout {
            for await names in pager.outputs({ output in
                output.nextPages.flatMap { $0.itemsByOffset.items.map(\.name) }
            }) where names.contains("Last but four") { return names }
            throw InteropTimeout(description: "the pager went before the output came")
        }
        #expect(names.count == 20)
    }

    @Test func pageInfoNamesTheMissingCursor() throws {
        #expect(throws: PaginationError.missingCursor("endCursor")) { try PageInfo.forward(endCursor: nil, hasNextPage: true) }
        #expect(throws: PaginationError.missingCursor("startCursor")) {
            try PageInfo.relay(startCursor: nil, endCursor: "e", hasPreviousPage: true, hasNextPage: true)
        }
        #expect(try PageInfo.forward(endCursor: nil, hasNextPage: false) == PageInfo(next: nil))
        #expect(PageInfo.offset(0, count: 10, hasMore: true) == PageInfo(next: .offset(10), previous: nil))
        #expect(PaginationError.missingCursor("endCursor").description.contains("endCursor is null"))
    }
}
