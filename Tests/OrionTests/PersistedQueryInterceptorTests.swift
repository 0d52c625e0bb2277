import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Orion
import OrionAPI
import Testing

/// Safelisted persisted queries against scripted answers (the real server's are in the
/// generated-code tests): the id alone, and a refusal that is never retried with the text.
@Suite struct PersistedQueryInterceptorTests {
    static func transport(_ client: ScriptedHTTPClient) throws -> RequestChainNetworkTransport {
        RequestChainNetworkTransport(
            url: try #require(URL(string: "http://counter.invalid/graphql")),
            interceptorProvider: DefaultInterceptorProvider(persistedQueries: .safelisted), client: client)
    }

    static func json(_ text: String, status: Int) -> ScriptedHTTPClient.Answer {
        .respond(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    @Test func sendsTheIdAloneAndReadsTheResult() async throws {
        let client = ScriptedHTTPClient { _ in Self.json(#"{"data":{"count":3}}"#, status: 200) }
        let result = try await Self.transport(client).send(CountQuery(), files: [])
        #expect(result.data?.count == 3)
        let body = try #require(client.requests.first?.httpBody.flatMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        #expect(body["query"] == nil)
        #expect(body["operationName"] as? String == "Count")
        #expect((body["extensions"] as? [String: Any])?["persistedQuery"] != nil)
    }

    @Test(arguments: [
        // Apollo's router: 404 with its code.
        (404, #"{"errors":[{"message":"Persisted query 'x' not found","extensions":{"code":"PERSISTED_QUERY_NOT_IN_LIST"}}]}"#),
        // Apollo Server: 200 with its message.
        (200, #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#),
    ])
    func aRefusalFailsWithoutSendingTheText(status: Int, body: String) async throws {
        let client = ScriptedHTTPClient { _ in Self.json(body, status: status) }
        let error = await #expect(throws: PersistedQueryError.self) { try await Self.transport(client).send(CountQuery(), files: []) }
        guard case .notInSafelist(operationName: "Count", identifier: "", let message)? = error else {
            Issue.record("expected notInSafelist, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("Persisted") == true)
        #expect(error?.localizedDescription.contains("Publish the operation manifest this client was generated with") == true)
        #expect(client.requests.count == 1)
    }

    @Test func otherErrorsPassThrough() async throws {
        let client = ScriptedHTTPClient { _ in Self.json(#"{"errors":[{"message":"nope","extensions":{"code":"BAD_REQUEST"}}]}"#, status: 400) }
        await #expect(throws: ResponseCodeError.self) { try await Self.transport(client).send(CountQuery(), files: []) }
    }

    @Test func theProviderBuildsTheChainOfItsMode() {
        func names(_ provider: DefaultInterceptorProvider) -> [String] {
            provider.interceptors(for: CountQuery()).map { String(describing: type(of: $0)) }
        }
        #expect(names(DefaultInterceptorProvider(persistedQueries: .safelisted)).contains("PersistedQueryInterceptor"))
        #expect(names(DefaultInterceptorProvider(autoPersistQueries: true)).contains("AutomaticPersistedQueryInterceptor"))
        #expect(!names(DefaultInterceptorProvider()).contains { $0.contains("PersistedQuery") })
        var provider = DefaultInterceptorProvider(persistedQueries: .safelisted)
        #expect(!provider.autoPersistQueries)
        provider.autoPersistQueries = false
        #expect(provider.persistedQueries == .safelisted, "turning APQ off leaves safelisting alone")
        provider.autoPersistQueries = true
        #expect(provider.persistedQueries == .automatic)
    }
}
