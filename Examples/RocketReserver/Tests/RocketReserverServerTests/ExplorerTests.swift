import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The explorer at `/graphql` for a browser, the docs at `/docs`, and the Swift preview, over
/// real HTTP. (Tests/Browser/explorer_test.py drives the pages themselves in Chromium.)
@Suite struct ExplorerTests {
    @Test func aBrowserGetsTheExplorerAndAQueryStillGetsData() async throws {
        try await withServer { server in
            let page = try await HTTP.get(server.graphQLURL, headers: ["Accept": "text/html,application/xhtml+xml,*/*;q=0.8"])
            #expect(page.status == 200)
            #expect(page.contentType.hasPrefix("text/html"))
            #expect(page.text.contains("data-page=\"explorer\""))
            #expect(page.text.contains("<script src=\"/docs/orion-explorer.js\"></script>"))

            // A GET that carries an operation is a query, whatever it accepts.
            var components = URLComponents(url: server.graphQLURL, resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "query", value: "{ totalTripsBooked }")]
            let query = try await HTTP.get(try #require(components?.url), headers: ["Accept": "text/html, application/json"])
            #expect(query.json?["data"] != nil, "\(query.text.prefix(200))")
        }
    }

    @Test func theDocsAndTheirAssetsAreServed() async throws {
        try await withServer { server in
            let base = "http://127.0.0.1:\(server.port)"
            let docs = try await HTTP.get(try #require(URL(string: base + "/docs")))
            #expect(docs.status == 200)
            #expect(docs.text.contains("data-page=\"docs\""))
            #expect(docs.text.contains("\"name\":\"tripsBooked\""))
            let script = try await HTTP.get(try #require(URL(string: base + "/docs/orion-docs.js")))
            #expect(script.contentType.hasPrefix("text/javascript"))
            let missing = try await HTTP.get(try #require(URL(string: base + "/docs/nothing.js")))
            #expect(missing.status == 404)
            #expect(missing.text.contains("the docs are at /docs"))
        }
    }

    @Test func thePreviewIsTheGeneratedSwiftOrTheErrors() async throws {
        try await withServer { server in
            let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/docs/preview"))
            func preview(_ body: String) async throws -> HTTPResult {
                var request = URLRequest(url: url)
                request.httpMethod = "POST"
                request.httpBody = Data(body.utf8)
                return try await HTTP.send(request)
            }
            let swift = try await preview(#"{"query": "query Total { totalTripsBooked }"}"#)
            #expect((swift.json?["swift"] as? String)?.contains("TotalQuery") == true, "\(swift.text.prefix(300))")
            let invalid = try await preview(#"{"query": "query Total { nope }"}"#)
            let error = (invalid.json?["errors"] as? [[String: Any]])?.first
            #expect(error?["line"] as? Int == 1)
            #expect(error?["column"] as? Int == 15)
            let notJSON = try await preview("query Total { nope }")
            #expect(notJSON.status == 400)
        }
    }
}
