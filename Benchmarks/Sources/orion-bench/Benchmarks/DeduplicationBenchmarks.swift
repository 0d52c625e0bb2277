import Foundation
import Orion
import OrionAPI
import RocketReserverAPI

/// Requests sent for 100 concurrent identical fetches (`dedup.requests_per_100_fetches`, 1 when
/// they share one), and the fetches' time from the first call to the last result against the
/// same 100 fetches sent one request each (`dedup.fetch100.vs_undeduplicated`, the time without
/// deduplication over the time with it).
///
/// The transport answers in code, counting what it is asked, and holds its answers until all
/// 100 fetches are waiting (`OrionClient.inFlightQueries`), so that they overlap however the
/// tasks are scheduled.
let deduplicationBenchmarks = BenchmarkGroup(figures: ["dedup.requests_per_100_fetches", "dedup.fetch100.vs_undeduplicated"]) { settings in
    let body = Data(#"{"launch": {"__typename": "Launch", "id": "110", "site": "KSC", "isBooked": false, "mission": {"__typename": "Mission", "name": "CRS-21", "missionPatch": "https://large"}, "rocket": {"__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"}}}"#.utf8)
    let fetches = 100

    /// The requests sent for `fetches` concurrent fetches by a client that does or does not
    /// deduplicate.
    func run(deduplicating: Bool) throws -> Int {
        let transport = CountingTransport(body: body)
        let client = OrionClient(networkTransport: transport, deduplicatesQueries: deduplicating)
        return try runBlocking {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<fetches {
                    group.addTask { _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "110"), cachePolicy: .fetchIgnoringCacheData) }
                }
                // Every fetch is waiting: on the one shared request, or each on its own.
                while (deduplicating ? client.inFlightQueries.callers : transport.waiting) < fetches { await Task.yield() }
                transport.open()
                try await group.waitForAll()
            }
            return transport.requests
        }
    }

    let requests = try run(deduplicating: true)
    guard try run(deduplicating: false) == fetches else { throw BenchmarkError(description: "without deduplication, not one request per fetch") }
    let times = try settings.bestTimes(baseline: { _ = try run(deduplicating: false) }) { _ = try run(deduplicating: true) }
    return [
        Figure(name: "dedup.requests_per_100_fetches", value: Double(requests), unit: "requests"),
        Figure(name: "dedup.fetch100.vs_undeduplicated", value: times.baseline / times.measured, unit: "x"),
    ]
}

/// A transport that answers every operation with the data `body`, once the benchmark opens it, counting
/// the requests and those waiting.
private final class CountingTransport: NetworkTransport, @unchecked Sendable {
    private let body: Data
    private let lock = NSLock()
    // Guarded by `lock`.
    private var sent = 0
    private var held: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    init(body: Data) {
        self.body = body
    }

    var requests: Int { lock.withLock { sent } }
    var waiting: Int { lock.withLock { held.count } }

    func open() {
        let released = lock.withLock {
            isOpen = true
            defer { held = [] }
            return held
        }
        for continuation in released { continuation.resume() }
    }

    func send<Operation: GraphQLOperation>(_ operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
        await withCheckedContinuation { continuation in
            let proceed = lock.withLock {
                sent += 1
                if !isOpen { held.append(continuation) }
                return isOpen
            }
            if proceed { continuation.resume() }
        }
        return GraphQLResult(data: try Operation.Data(jsonData: body, variables: operation.__variables), errors: nil, extensions: nil, source: .server)
    }
}
