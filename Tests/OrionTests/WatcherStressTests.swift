import Foundation
@testable import Orion
import OrionAPI
import Testing

/// Many writers and many watchers of overlapping records at once, as an app would have them:
/// each watcher ends on what the cache holds, its deliveries follow write order, a delivery of
/// several records is one write's, and a cancelled watcher is silent. Every write stamps all
/// items with the next version, inside the store's write lock, so versions follow write order.
@Suite struct WatcherStressTests {
    static let rounds = 4
    static let writers = 4
    static let writesPerWriter = 30

    /// One watcher under test: what it delivered (the versions of its items, one list per
    /// delivery) and whether it was cancelled.
    private struct Watched {
        let recorder = Recorder<[Int]>()
        let cancelled = Mutex(false)
        var cancel: @Sendable () -> Void = {}
        var read: @Sendable () throws -> [Int] = { [] }
    }

    @Test func watchersEndOnTheCacheInWriteOrderUntornAndSilentAfterCancel() async throws {
        for round in 0..<Self.rounds {
            try await runRound(round)
        }
    }

    private func runRound(_ round: Int) async throws {
        let store = OrionStore()
        try WatchedItems.seed(store)
        let client = try OrionClient.items(ItemServer(), store: store)

        var watched: [Watched] = []
        for index in 0..<(WatchedItems.count + 4) {
            var entry = Watched()
            let (recorder, cancelled) = (entry.recorder, entry.cancelled)
            let handler: @Sendable (Result<[Int], any Error>) -> Void = { result in
                if cancelled.withLock({ $0 }) { recorder.fail("delivered after cancel()") }
                switch result {
                case .success(let versions): recorder.add(versions)
                case .failure(let error): recorder.fail("\(error)")
                }
            }
            if index < WatchedItems.count {
                let query = WatchedItems.OneQuery(id: String(index))
                let watcher = client.watch(query: query, cachePolicy: .returnCacheDataDontFetch, queue: .global()) { result in
                    handler(result.map { [$0.data?.item?.version ?? -1] })
                }
                entry.cancel = { watcher.cancel() }
                entry.read = { [try store.read(query: query).item?.version ?? -1] }
            } else {
                let query = WatchedItems.AllQuery()
                let watcher = client.watch(query: query, cachePolicy: .returnCacheDataDontFetch, queue: .global()) { result in
                    handler(result.map { $0.data?.items.map(\.version) ?? [] })
                }
                entry.cancel = { watcher.cancel() }
                entry.read = { try store.read(query: query).items.map(\.version) }
            }
            watched.append(entry)
        }
        for entry in watched {
            #expect(await entry.recorder.wait { !$0.isEmpty }, "round \(round): the first delivery came")
        }

        // Writers; two watchers (one of one record, one of all) are cancelled midway.
        let version = Mutex(0)
        let toCancel = [watched[0], watched[WatchedItems.count]]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<Self.writers {
                group.addTask {
                    for write in 0..<Self.writesPerWriter {
                        try store.withinReadWriteTransaction { transaction in
                            let next = version.withLock { version in
                                version += 1
                                return version
                            }
                            for index in 0..<WatchedItems.count {
                                try transaction.updateRecord("Item:\(index)") { $0.fields["version"] = .value(.int(next)) }
                            }
                        }
                        if writer == 0 && write == Self.writesPerWriter / 2 {
                            for entry in toCancel {
                                entry.cancel()
                                entry.cancelled.withLock { $0 = true }
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let final = version.withLock { $0 }
        #expect(final == Self.writers * Self.writesPerWriter)

        // Quiescence by event: each live watcher's last delivery is the cache's data.
        for (index, entry) in watched.enumerated() where !toCancel.contains(where: { $0.recorder === entry.recorder }) {
            let fresh = try entry.read()
            #expect(fresh.allSatisfy { $0 == final })
            let caughtUp = await entry.recorder.wait { $0.last == fresh }
            #expect(caughtUp, "round \(round), watcher \(index): ended on \(entry.recorder.values.last ?? []), the cache holds \(fresh)")
        }
        // A last write, delivered to a live watcher of all items: cancelled watchers, which watch
        // the same records on the same queue, stay silent through it.
        try WatchedItems.stampAll(store, version: final + 1)
        let live = watched[WatchedItems.count + 1]
        #expect(await live.recorder.wait { $0.last == Array(repeating: final + 1, count: WatchedItems.count) })

        for (index, entry) in watched.enumerated() {
            let deliveries = entry.recorder.values
            #expect(entry.recorder.failures.isEmpty, "round \(round), watcher \(index): \(entry.recorder.failures.prefix(3))")
            for delivery in deliveries {
                #expect(Set(delivery).count == 1, "round \(round), watcher \(index): a torn read mixed versions \(delivery)")
            }
            let firsts = deliveries.compactMap(\.first)
            let backwards = zip(firsts, firsts.dropFirst()).filter { $0 > $1 }
            #expect(backwards.isEmpty, "round \(round), watcher \(index): deliveries went backwards: \(backwards.prefix(3))")
        }
        for entry in watched { entry.cancel() }
    }
}
