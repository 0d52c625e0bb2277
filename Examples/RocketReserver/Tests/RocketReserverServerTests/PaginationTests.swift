import Foundation
import Testing

/// `launches(pageSize:after:)`: every launch exactly once, newest first, whatever the page size.
@Suite struct PaginationTests {
    static let pageQuery = """
        query Page($pageSize: Int, $after: String) {
          launches(pageSize: $pageSize, after: $after) { cursor hasMore launches { id } }
        }
        """

    @Test(arguments: [1, 7, 20, 110, 200])
    func pagesThroughEveryLaunch(pageSize: Int) async throws {
        let expected = try SharedData.launchIDsNewestFirst()
        #expect(expected.count == 110)
        try await withServer { server in
            var ids: [String] = []
            var after: String?
            var pages = 0
            while true {
                var variables: [String: Any] = ["pageSize": pageSize]
                if let after { variables["after"] = after }
                let page = try await server.client.data(Self.pageQuery, variables: variables)
                let launches = try #require(dig(page, "launches", "launches") as? [[String: Any]])
                let hasMore = try #require(dig(page, "launches", "hasMore") as? Bool)
                let cursor = try #require(dig(page, "launches", "cursor") as? String)
                #expect(launches.count == min(pageSize, expected.count - ids.count))
                ids += launches.compactMap { $0["id"] as? String }
                after = cursor
                pages += 1
                #expect(hasMore == (ids.count < expected.count))
                if !hasMore { break }
                try #require(pages <= 200, "Pagination does not end")
            }
            #expect(ids == expected, "Every launch once, newest first")
            #expect(Set(ids).count == 110)

            // The page after the last: empty, no more, and still a usable cursor.
            let beyond = try await server.client.data(Self.pageQuery, variables: ["pageSize": pageSize, "after": after ?? ""])
            #expect((dig(beyond, "launches", "launches") as? [Any])?.isEmpty == true)
            #expect(dig(beyond, "launches", "hasMore") as? Bool == false)
            let cursor = try #require(dig(beyond, "launches", "cursor") as? String)
            #expect(!cursor.isEmpty)
            let again = try await server.client.data(Self.pageQuery, variables: ["pageSize": pageSize, "after": cursor])
            #expect((dig(again, "launches", "launches") as? [Any])?.isEmpty == true)
        }
    }

    @Test func defaultPageSizeIsTwenty() async throws {
        try await withServer { server in
            let page = try await server.client.data("{ launches { hasMore launches { id } } }")
            #expect((dig(page, "launches", "launches") as? [Any])?.count == 20)
            #expect(dig(page, "launches", "hasMore") as? Bool == true)
        }
    }

    @Test(arguments: [0, -1])
    func pageSizeBelowOneIsAnError(pageSize: Int) async throws {
        try await withServer { server in
            let result = try await server.client.post(Self.pageQuery, variables: ["pageSize": pageSize])
            #expect(result.status == 200)
            #expect(result.errorMessages.contains { $0.contains("pageSize must be at least 1") }, "\(result.text)")
            #expect(dig(result.json, "errors", 0, "path", 0) as? String == "launches")
            #expect(dig(result.json, "errors", 0, "extensions", "code") as? String == "BAD_USER_INPUT")
        }
    }

    @Test(arguments: ["nonsense", "bGF1bmNoOjk5OTk=", ""])
    func invalidCursorIsAnError(cursor: String) async throws {
        try await withServer { server in
            let result = try await server.client.post(Self.pageQuery, variables: ["after": cursor])
            #expect(result.errorMessages.contains { $0.contains("Invalid cursor") }, "\(result.text)")
        }
    }
}
