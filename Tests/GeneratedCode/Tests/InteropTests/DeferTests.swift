import DeferAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Orion
import OrionAPI
import OrionWebSocket
import Testing

/// Incremental delivery (`@defer`) against a server of the tests' own (`Tests/Defer/server.py`,
/// graphql-core's incremental execution on uvicorn), in both formats over HTTP `multipart/mixed`
/// and over `graphql-transport-ws`. The server holds each deferred part until the test opens its
/// gate, so the steps are seen in order because they cannot come in another.
@Suite struct DeferTests {
    /// The server's two HTTP formats: the incremental delivery RFC's and the 2022-08-24 one.
    static let formats = ["v0.2", "20220824"]

    private static func server(format: String) throws -> StrawberryServer {
        try StrawberryServer(script: "Defer/server.py", arguments: ["--format", format])
    }

    /// Opens one of the server's gates: `rocket-<id>` or `mission-<id>`.
    private static func release(_ gate: String, on server: StrawberryServer) async throws {
        var request = URLRequest(url: server.httpURL.deletingLastPathComponent().appendingPathComponent("release/\(gate)"))
        request.httpMethod = "POST"
        let post = request
        _ = try await withTimeout { try await URLSession.shared.data(for: post) }
    }

    private static func json(_ object: [String: Any]) -> JSONValue? { JSONValue(jsonObjectValue: object) }

    /// Each step of the deferred query, as `fetchResults` yields it, as the cache holds it, and
    /// as a watcher of the cache sees it; the last equals the query without `@defer`.
    private static func stepsArriveInOrder(client: OrionClient, server: StrawberryServer, id: String) async throws {
        let query = LaunchDeferredQuery(id: id)
        let steps = StreamInbox(client.fetchResults(query: query, cachePolicy: .fetchIgnoringCacheData))

        let first = try #require(try await steps.next())
        #expect(first.hasNext)
        let launch = try #require(first.data?.launch)
        #expect(launch.id == id && launch.site == "Site \(id)", "what is not deferred is there from the first payload")
        #expect(launch.rocketDetails == .pending)
        #expect(launch.fragments.missionDetails == .pending)

        // The cache has the first step: its deferred parts read as pending, not as a miss.
        let watcher = StreamInbox(client.watch(query: query, cachePolicy: .returnCacheDataDontFetch))
        let watched = try #require(try await watcher.next()?.data?.launch)
        #expect(watched.site == "Site \(id)" && watched.rocketDetails == .pending && watched.fragments.missionDetails == .pending)

        try await release("rocket-\(id)", on: server)
        let second = try #require(try await steps.next())
        #expect(second.hasNext)
        let rocket = try #require(second.data?.launch?.rocketDetails.value?.rocket)
        #expect(rocket.name == "Falcon 9" && rocket.type == "FT")
        #expect(second.data?.launch?.fragments.missionDetails == .pending)
        let watchedRocket = try #require(try await watcher.next()?.data?.launch)
        #expect(watchedRocket.rocketDetails.value?.rocket.name == "Falcon 9", "the watcher sees the rocket's step")
        #expect(watchedRocket.fragments.missionDetails == .pending)

        try await release("mission-\(id)", on: server)
        let last = try #require(try await steps.next())
        #expect(!last.hasNext)
        #expect(last.data?.launch?.fragments.missionDetails.value?.mission.name == "Mission \(id)")
        #expect(try await steps.next() == nil, "the stream ends with the last payload")
        let watchedMission = try #require(try await watcher.next()?.data?.launch)
        #expect(watchedMission.fragments.missionDetails.value?.mission.name == "Mission \(id)", "the watcher sees the mission's step")
        await watcher.cancel()

        let whole = try await withTimeout { try await client.fetch(query: LaunchAllAtOnceQuery(id: id), cachePolicy: .fetchIgnoringCacheData) }
        let merged = try #require(last.data?.launch?.jsonObject)
        #expect(json(merged) == json(try #require(whole.data?.launch?.jsonObject)), "the merged steps are the query's data without @defer")
    }

    @Test(.timeLimit(.minutes(1)), arguments: formats)
    func overHTTPTheFirstPayloadComesFirstAndEachStepIsCachedAndWatched(format: String) async throws {
        let server = try Self.server(format: format)
        try await Self.stepsArriveInOrder(client: OrionClient(url: server.httpURL), server: server, id: "http-\(format)")
    }

    @Test(.timeLimit(.minutes(1)))
    func overTheWebSocketEachPayloadIsANextMessage() async throws {
        let server = try Self.server(format: "v0.2")
        let transport = WebSocketTransport(configuration: .init(url: server.webSocketURL, reconnection: .never))
        try await Self.stepsArriveInOrder(client: OrionClient(networkTransport: transport), server: server, id: "ws")
    }

    @Test(.timeLimit(.minutes(1)), arguments: formats)
    func anErrorInAnIncrementKeepsItsPath(format: String) async throws {
        let server = try Self.server(format: format)
        try await Self.release("rocket-errors", on: server)
        let result = try await withTimeout {
            try await OrionClient(url: server.httpURL).fetch(query: LaunchDeferredWithErrorQuery(id: "errors"), cachePolicy: .fetchIgnoringCacheData)
        }
        #expect(!result.hasNext, "fetch returns the final result")
        let rocket = try #require(result.data?.launch?.rocketDetails.value?.rocket)
        #expect(rocket.id == "rocket-errors" && rocket.reliability == nil)
        let error = try #require(result.errors?.first)
        #expect(error.message == "Reliability is not known for this rocket.")
        #expect(error.path == [.key("launch"), .key("rocket"), .key("reliability")])
    }

    @Test(.timeLimit(.minutes(1)))
    func aFragmentDeferredIfFalseIsFulfilledFromTheOnlyPayload() async throws {
        let server = try Self.server(format: "v0.2")
        try await Self.release("rocket-now", on: server)
        let steps = StreamInbox(OrionClient(url: server.httpURL).fetchResults(query: LaunchDeferredIfQuery(id: "now", deferRocket: false)))
        let only = try #require(try await steps.next())
        #expect(!only.hasNext)
        #expect(only.data?.launch?.rocketDetails.value?.rocket.name == "Falcon 9")
        #expect(try await steps.next() == nil)
    }
}
