import Foundation
@testable import Orion
import OrionAPI
import Testing

/// The store from many tasks at once: merges, transactions, reads, subscriptions, eviction and
/// garbage collection interleaved. The test command also runs this under the thread sanitizer.
@Suite struct OrionStoreConcurrencyTests {
    @Test(arguments: [nil, 50] as [Int?])
    func manyTasksWriteReadAndCollect(maxRecordCount: Int?) async throws {
        let store = OrionStore(cache: InMemoryNormalizedCache(maxRecordCount: maxRecordCount))
        let notified = Mutex(0)
        let subscription = store.subscribe { _ in notified.withLock { $0 += 1 } }
        defer { store.unsubscribe(subscription) }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for round in 0..<100 {
                        let key = "Launch:\(writer)"
                        try store.merge(records: [
                            RootCacheKey.query: Record(key: RootCacheKey.query, fields: ["launch(id:\(writer))": .reference(key)]),
                            key: Record(key: key, fields: ["round": .value(.int(round))]),
                        ])
                        try store.withinReadWriteTransaction { transaction in
                            try transaction.updateRecord(key) { record in
                                guard case .value(.int(let seen))? = record.fields["round"] else { return }
                                record.fields["checked"] = .value(.int(seen))
                            }
                        }
                        _ = try store.cache.loadRecords(forKeys: ["Launch:\((writer + 1) % 8)", RootCacheKey.query])
                        if round % 25 == 0 { try store.collectGarbage() }
                    }
                }
            }
            try await group.waitForAll()
        }

        let records = try store.cache.loadRecords(forKeys: Set((0..<8).map { "Launch:\($0)" }))
        #expect(records.count == 8, "every launch is reachable from the root, so none was collected or evicted")
        for record in records.values {
            #expect(record.fields["round"] == .value(.int(99)))
            #expect(record.fields["checked"] == .value(.int(99)), "each transaction saw its own task's last merge")
        }
        #expect(notified.withLock { $0 } >= 8 * 100, "every merge that changed something was published")
    }
}
