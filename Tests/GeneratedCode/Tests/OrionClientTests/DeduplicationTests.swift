import Dispatch
import Foundation
import Orion
import RocketReserverAPI
import Testing

/// Identical queries in flight share one request, counted by the server; each caller gets the
/// result, cancelling one leaves the rest; mutations and opted-out fetches are never shared.
@Suite struct DeduplicationTests {
    /// A server that holds every answer until the test opens its gate.
    static func heldServer(_ gate: Gate) throws -> FaultServer {
        try FaultServer { request in
            gate.wait()
            switch request.json?["operationName"] as? String {
            case "BookTrip": return .respond(status: 200, body: CacheTests.booked)
            default: return .respond(status: 200, body: CacheTests.details)
            }
        }
    }

    /// Waits until `client` has `callers` callers waiting on its requests in flight.
    static func waitForCallers(_ callers: Int, of client: OrionClient) async throws {
        let deadline = Date().addingTimeInterval(30)
        while client.inFlightQueries.callers < callers {
            guard Date() < deadline else { throw EventCount.Timeout(description: "\(callers) callers never joined") }
            await Task.yield()
        }
    }

    @Test func concurrentIdenticalFetchesShareOneRequestAndCancellingOneLeavesTheRest() async throws {
        let gate = Gate()
        let server = try Self.heldServer(gate)
        defer { gate.open() }
        let client = OrionClient(url: server.url)
        let callers = 8
        let fetches = (0..<callers).map { _ in
            Task { try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .fetchIgnoringCacheData) }
        }
        try await Self.waitForCallers(callers, of: client)
        #expect(client.inFlightQueries.requests == 1)

        fetches[0].cancel()
        await #expect(throws: CancellationError.self, "the cancelled caller stops waiting at once") { try await fetches[0].value }
        gate.open()
        for fetch in fetches.dropFirst() {
            let result = try await fetch.value
            #expect(result.data?.launch?.id == "110")
            #expect(result.source == .server)
        }
        #expect(server.requests.count == 1, "one HTTP request for \(callers) callers")
        #expect(client.inFlightQueries.requests == 0)

        // Once delivered, a result is not served again: the next fetch asks the server.
        _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .fetchIgnoringCacheData)
        #expect(server.requests.count == 2)
    }

    @Test func whenEveryCallerLeavesTheRequestStopsAndALaterCallerStartsAnew() async throws {
        let gate = Gate()
        let server = try Self.heldServer(gate)
        defer { gate.open() }
        let client = OrionClient(url: server.url)
        let first = Task { try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .fetchIgnoringCacheData) }
        try await server.receivedCount.wait(for: 1, "the first request")
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(client.inFlightQueries.requests == 0, "forgotten with its last caller")

        let second = Task { try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .fetchIgnoringCacheData) }
        try await server.receivedCount.wait(for: 2, "a new request, not the cancelled one")
        gate.open()
        #expect(try await second.value.data?.launch?.id == "110")
    }

    @Test func differentVariablesOrPlansAreNotShared() async throws {
        let gate = Gate()
        let server = try Self.heldServer(gate)
        defer { gate.open() }
        let client = OrionClient(url: server.url)
        let fetches = [
            Task { try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .fetchIgnoringCacheData) },
            Task { try await client.fetch(query: LaunchDetailsQuery(launchId: "111"), cachePolicy: .fetchIgnoringCacheData) },
            // Not written to the cache: another plan for the result.
            Task { try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .fetchIgnoringCacheCompletely) },
        ]
        try await server.receivedCount.wait(for: 3, "three requests")
        gate.open()
        for fetch in fetches { _ = try await fetch.value }
    }

    @Test(arguments: [false, true])
    func optingOutSendsEveryRequest(perClient: Bool) async throws {
        let gate = Gate()
        let server = try Self.heldServer(gate)
        defer { gate.open() }
        let client = OrionClient(url: server.url, deduplicatesQueries: !perClient)
        let query = LaunchDetailsQuery(launchId: "110")
        let fetches = (0..<2).map { _ in
            Task { try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData, deduplicate: perClient) }
        }
        try await server.receivedCount.wait(for: 2, "a request per fetch")
        gate.open()
        for fetch in fetches { #expect(try await fetch.value.data?.launch?.id == "110") }
    }

    @Test func mutationsAreNeverShared() async throws {
        let gate = Gate()
        let server = try Self.heldServer(gate)
        defer { gate.open() }
        let client = OrionClient(url: server.url)
        let mutations = (0..<2).map { _ in Task { try await client.perform(mutation: BookTripMutation(id: "110")) } }
        try await server.receivedCount.wait(for: 2, "a request per mutation")
        gate.open()
        for mutation in mutations { #expect(try await mutation.value.data?.bookTrips.success == true) }
    }
}

/// A gate server threads wait at until the test opens it.
final class Gate: Sendable {
    private let opened = DispatchSemaphore(value: 0)
    private let state = Locked(false)

    func wait() {
        guard !state.withLock({ $0 }) else { return }
        opened.wait()
        // Let the next waiter through too.
        opened.signal()
    }

    func open() {
        let wasOpen = state.withLock { open in
            defer { open = true }
            return open
        }
        if !wasOpen { opened.signal() }
    }
}
