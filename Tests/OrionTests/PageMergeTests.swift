import Foundation
@testable import OrionCache
import OrionAPI
import Testing

/// The cache's merging of paginated fields' pages (`@fieldPolicy(paginationArgs:)`,
/// `@typePolicy(connectionFields:)`): one stored value per field, later pages joined to it.
@Suite struct PageMergeTests {
    private static func write<Query: GraphQLQuery>(_ json: String, for query: Query, into store: OrionStore) throws {
        try store.write(data: ResponseObject(jsonData: Data(json.utf8)), for: query)
    }

    private static func launchIDs(_ store: OrionStore, after: String? = nil) throws -> [String] {
        try store.read(query: LaunchesPageQuery(after: after)).launches.launches.map(\.id)
    }

    @Test func laterPagesAppendToTheFirstAndAnyPageReadsThemAll() throws {
        let store = OrionStore()
        try Self.write(LaunchesPageQuery.response(1...2, hasMore: true), for: LaunchesPageQuery(), into: store)
        try Self.write(LaunchesPageQuery.response(3...4, hasMore: true), for: LaunchesPageQuery(after: "2"), into: store)
        try Self.write(LaunchesPageQuery.response(5...5, hasMore: false), for: LaunchesPageQuery(after: "4"), into: store)

        let first = try store.read(query: LaunchesPageQuery()).launches
        #expect(first.launches.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(first.cursor == "5" && !first.hasMore, "the other fields come from the newest page")
        #expect(try Self.launchIDs(store, after: "2") == ["1", "2", "3", "4", "5"], "a later page's query reads the merged list")
    }

    @Test func thePaginationArgumentsAreLeftOutOfTheFieldKeyAndTheOthersKept() throws {
        let store = OrionStore()
        try Self.write(LaunchesPageQuery.response(1...2, hasMore: true), for: LaunchesPageQuery(), into: store)
        try Self.write(LaunchesPageQuery.response(3...4, hasMore: true), for: LaunchesPageQuery(after: "2"), into: store)
        let root = try #require(try store.withinReadTransaction { try $0.records([RootCacheKey.query]) }[RootCacheKey.query])
        #expect(Array(root.fields.keys) == ["launches(pageSize:2)"])
        #expect(throws: CacheMissError.self, "another page size is another list") { try store.read(query: LaunchesPageQuery(pageSize: 3)) }
    }

    @Test func aFirstPageStartsOver() throws {
        let store = OrionStore()
        try Self.write(LaunchesPageQuery.response(1...2, hasMore: true), for: LaunchesPageQuery(), into: store)
        try Self.write(LaunchesPageQuery.response(3...4, hasMore: true), for: LaunchesPageQuery(after: "2"), into: store)
        try Self.write(LaunchesPageQuery.response(1...2, hasMore: true), for: LaunchesPageQuery(), into: store)
        #expect(try Self.launchIDs(store) == ["1", "2"])
    }

    @Test func aLaterPageWithNothingStoredIsStoredAsItIs() throws {
        let store = OrionStore()
        try Self.write(LaunchesPageQuery.response(3...4, hasMore: true), for: LaunchesPageQuery(after: "2"), into: store)
        #expect(try Self.launchIDs(store) == ["3", "4"])
    }

    @Test func aPaginatedListFieldIsJoinedItself() throws {
        let store = OrionStore()
        try Self.write(#"{"names": ["a", "b"]}"#, for: NamesPageQuery(), into: store)
        try Self.write(#"{"names": ["c"]}"#, for: NamesPageQuery(after: "b"), into: store)
        #expect(try store.read(query: NamesPageQuery()).names == ["a", "b", "c"])
    }

    @Test func aWriteOfALaterPageChangesTheStoredListForAWatcher() throws {
        let store = OrionStore()
        try Self.write(LaunchesPageQuery.response(1...2, hasMore: true), for: LaunchesPageQuery(), into: store)
        let changed = try store.write(
            data: ResponseObject(jsonData: Data(LaunchesPageQuery.response(3...4, hasMore: false).utf8)), for: LaunchesPageQuery(after: "2"))
        #expect(changed.contains(CacheField(key: "QUERY_ROOT.launches(pageSize:2)", field: "launches")))
        #expect(changed.contains(CacheField(key: "QUERY_ROOT.launches(pageSize:2)", field: "hasMore")))
    }

    @Test func relayPagesJoinForwardAndBackwardWithPageInfoByDirection() throws {
        let store = OrionStore()
        // The middle page first, then the one after it, then the one before it.
        try Self.write(ConnectionPageQuery.response(3...4, of: 6), for: ConnectionPageQuery(first: 2), into: store)
        try Self.write(ConnectionPageQuery.response(5...6, of: 6), for: ConnectionPageQuery(first: 2, after: "c4"), into: store)
        var connection = try store.read(query: ConnectionPageQuery(first: 2)).launchesConnection
        #expect(connection.edges.map(\.node.id) == ["3", "4", "5", "6"])
        #expect(connection.pageInfo.endCursor == "c6" && !connection.pageInfo.hasNextPage, "from the last forward page")
        #expect(connection.pageInfo.startCursor == "c3" && connection.pageInfo.hasPreviousPage, "kept from the first page")

        try Self.write(ConnectionPageQuery.response(1...2, of: 6), for: ConnectionPageQuery(last: 2, before: "c3"), into: store)
        connection = try store.read(query: ConnectionPageQuery(first: 2)).launchesConnection
        #expect(connection.edges.map(\.node.id) == ["1", "2", "3", "4", "5", "6"])
        #expect(connection.edges.map(\.cursor) == ["c1", "c2", "c3", "c4", "c5", "c6"], "each page's edges are records of their own")
        #expect(connection.pageInfo.startCursor == "c1" && !connection.pageInfo.hasPreviousPage, "from the first backward page")
        #expect(connection.pageInfo.endCursor == "c6" && !connection.pageInfo.hasNextPage, "kept from the last forward page")
    }

    @Test func firstAndLastAloneMakeAFirstPage() throws {
        let store = OrionStore()
        try Self.write(ConnectionPageQuery.response(3...4, of: 6), for: ConnectionPageQuery(first: 2), into: store)
        try Self.write(ConnectionPageQuery.response(5...6, of: 6), for: ConnectionPageQuery(last: 2), into: store)
        #expect(try store.read(query: ConnectionPageQuery(first: 2)).launchesConnection.edges.map(\.node.id) == ["5", "6"])
    }
}
