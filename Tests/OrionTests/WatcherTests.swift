import Foundation
@testable import Orion
import OrionAPI
import Testing

/// Each guarantee of `GraphQLQueryWatcher` and of the store under it, on its own; the stress
/// test checks them together.
@Suite struct WatcherTests {
    // MARK: the store

    @Test func aServerWriteReturnsTheFieldsAReadOfItReads() throws {
        let store = OrionStore()
        let query = WatchedItems.AllQuery()
        let written = try store.writeTrackingDependencies(
            data: ResponseObject(jsonData: Data(WatchedItems.allJSON(version: 1).utf8)), shape: OrionStore.OperationShape(query), maxAge: nil)
        let read = try store.readWithDependencies(query: query).dependencies
        #expect(written.fields == read.fields)
        #expect(written.fields.count == 1 + 3 * WatchedItems.count, "the root's items and each item's three fields")
        #expect(written.version == store.version && read.version == store.version)
    }

    @Test func versionsCountTheWritesThatChangeSomething() throws {
        let store = OrionStore()
        let seen = Mutex<[UInt64]>([])
        let subscription = store.subscribeToChanges { change in seen.withLock { $0.append(change.version) } }
        defer { store.unsubscribe(subscription) }
        try WatchedItems.seed(store)
        let afterSeed = store.version
        #expect(afterSeed == UInt64(1 + WatchedItems.count), "each of the seed's writes adds a root field")
        try WatchedItems.stampAll(store, version: 1)
        try WatchedItems.stampAll(store, version: 1)
        #expect(store.version == afterSeed + 1, "the second stamp changes nothing")
        #expect(seen.withLock { $0 } == Array(1...afterSeed + 1))
    }

    /// Writes stamp all items at once; reads of all of them, many at once, never mix two.
    @Test func aReadOfSeveralRecordsSeesOneWhole() async throws {
        let store = OrionStore()
        try WatchedItems.seed(store)
        let torn = Mutex(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for version in 1...300 { try WatchedItems.stampAll(store, version: version) }
            }
            for _ in 0..<3 {
                group.addTask {
                    for _ in 0..<300 where Set(try store.read(query: WatchedItems.AllQuery()).items.map(\.version)).count > 1 {
                        torn.withLock { $0 += 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(torn.withLock { $0 } == 0)
    }

    // MARK: the inbox

    @Test func changesCoalesceIntoOneRead() async {
        let inbox = WatcherInbox()
        inbox.settle(CacheDependencies(fields: [CacheField(key: "Item:0", field: "version")], version: 1))
        for version in 2...5 { inbox.changed(StoreChange(fields: [CacheField(key: "Item:0", field: "version")], version: UInt64(version))) }
        #expect(await inbox.next() == .reread)
        inbox.settle(version: 5)
        // Nothing is left: a refetch request is the next work, not a second read.
        inbox.requestRefetch()
        #expect(await inbox.next() == .refetch)
        inbox.finish()
        #expect(await inbox.next() == nil)
    }

    @Test func aChangeTheDataIncludesOrDoesNotDependOnBringsNoRead() async {
        let inbox = WatcherInbox()
        let field = CacheField(key: "Item:0", field: "version")
        inbox.changed(StoreChange(fields: [CacheField(key: "Item:1", field: "version")], version: 1))
        #expect(await inbox.next() == .reread, "before the first result, every change may matter")
        inbox.settle(CacheDependencies(fields: [field], version: 3))
        inbox.changed(StoreChange(fields: [field], version: 3))  // the fetch's own write
        inbox.changed(StoreChange(fields: [CacheField(key: "Item:1", field: "version")], version: 4))
        inbox.changed(StoreChange(fields: [field], version: 5))
        #expect(await inbox.next() == .reread, "only the change at 5")
        inbox.settle(version: 5)
        inbox.finish()
        #expect(await inbox.next() == nil)
    }

    // MARK: watchers

    /// A server whose results go stale at once: every read of them misses. A change makes the
    /// watcher fetch once, and that fetch's own write brings no other.
    @Test func aReadThatMissesFetchesOnceAndItsWriteDoesNotLoop() async throws {
        let server = ItemServer(maxAge: 0)
        let store = OrionStore()
        let client = try OrionClient.items(server, store: store)
        let recorder = Recorder<Int>()
        let watcher = client.watch(query: WatchedItems.OneQuery(id: "0"), cachePolicy: .fetchIgnoringCacheData, queue: .global()) { result in
            if case .success(let value) = result { recorder.add(value.data?.item?.version ?? -1) }
        }
        #expect(await recorder.wait { $0 == [0] })
        #expect(server.requests == 1)

        for round in 1...3 {
            server.version = round * 10
            try store.withinReadWriteTransaction { transaction in
                try transaction.updateRecord("Item:0") { $0.fields["version"] = .value(.int(round)) }
            }
            #expect(await recorder.wait { $0.last == round * 10 }, "the change's read missed, so the server's data came")
            #expect(server.requests == 1 + round, "one fetch for the change, none for that fetch's write")
        }
        #expect(recorder.values == [0, 10, 20, 30])
        watcher.cancel()
    }

    /// A handler that cancels its own watcher, and a watcher cancelled from elsewhere: neither is
    /// called again, shown by a later write that a live watcher on the same queue delivers.
    @Test func afterCancelNothingIsDelivered() async throws {
        let store = OrionStore()
        try WatchedItems.seed(store)
        let client = try OrionClient.items(ItemServer(), store: store)
        let query = WatchedItems.OneQuery(id: "3")
        let queue = DispatchQueue(label: "watchers")
        let selfCancelling = Recorder<Int>()
        let holder = Mutex<GraphQLQueryWatcher<WatchedItems.OneQuery>?>(nil)
        let first = client.watch(query: query, cachePolicy: .returnCacheDataDontFetch, queue: queue) { result in
            // Cancelled before the second delivery is recorded, so that the test goes on only after.
            if selfCancelling.values.count == 1 { holder.withLock { $0?.cancel() } }
            selfCancelling.add((try? result.get().data?.item?.version) ?? -1)
        }
        holder.withLock { $0 = first }
        let cancelled = Recorder<Int>()
        let second = client.watch(query: query, cachePolicy: .returnCacheDataDontFetch, queue: queue) { result in
            cancelled.add((try? result.get().data?.item?.version) ?? -1)
        }
        let live = Recorder<Int>()
        let third = client.watch(query: query, cachePolicy: .returnCacheDataDontFetch, queue: queue) { result in
            live.add((try? result.get().data?.item?.version) ?? -1)
        }
        #expect(await cancelled.wait { !$0.isEmpty })
        #expect(await live.wait { !$0.isEmpty })
        second.cancel()

        try WatchedItems.stampAll(store, version: 1)
        #expect(await selfCancelling.wait { $0.count == 2 })
        // Written after both cancels returned: the live watcher shows it, the others never.
        try WatchedItems.stampAll(store, version: 2)
        #expect(await live.wait { $0.last == 2 })
        #expect(selfCancelling.values == [0, 1])
        #expect(cancelled.values == [0])
        third.cancel()
        holder.withLock { $0 = nil }
    }
}
