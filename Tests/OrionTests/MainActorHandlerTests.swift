import Foundation
@testable import Orion
import OrionCache
import OrionAPI
import Testing

/// App code in Swift 6 language mode, as tutorials write it: a `@MainActor` view model whose
/// callbacks update its state directly. That it compiles is half the test; the other half is
/// that the handlers run, on the main actor, in order, and not after `cancel()`.
@MainActor
struct MainActorHandlerTests {
    @Test func aViewModelUpdatesItsStateFromTheHandlers() async throws {
        let server = ItemServer()
        server.version = 3
        let model = ItemsViewModel(client: try OrionClient.items(server, store: OrionStore()))
        let updates = model.updates()
        model.load()
        var iterator = updates.makeAsyncIterator()
        _ = await iterator.next()
        #expect(model.versions == Array(repeating: 3, count: WatchedItems.count))
        #expect(model.error == nil)

        // Watching: the first result, then a change of the cache, in order. (That nothing comes
        // after `cancel()` is WatcherTests' to show.)
        model.watch()
        _ = await iterator.next()
        try WatchedItems.stampAll(model.client.store, version: 4)
        _ = await iterator.next()
        #expect(model.watchedVersions == [Array(repeating: 3, count: WatchedItems.count), Array(repeating: 4, count: WatchedItems.count)])
        model.stopWatching()

        try WatchedItems.stampAll(model.client.store, version: 5)
        model.load(policy: .returnCacheDataDontFetch)
        _ = await iterator.next()
        #expect(model.versions.first == 5)
    }

    /// A cancelled call's result is dropped even when it was already queued for the handler.
    @Test func aDeliveryQueuedBeforeCancelIsDropped() async {
        let queue = DispatchQueue(label: "handler")
        queue.suspend()
        let delivered = Mutex(false)
        let queued = AsyncStream<CallbackCall>.makeStream()
        let call = CallbackCall.start { call in
            call.deliver(on: queue) { delivered.withLock { $0 = true } }
            queued.continuation.yield(call)
        }
        var calls = queued.stream.makeAsyncIterator()
        _ = await calls.next()
        call.cancel()
        queue.resume()
        // The queue is serial: once a later block has run, the delivery has had its turn.
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        #expect(!delivered.withLock { $0 })
    }
}

/// A view model as a SwiftUI or UIKit tutorial writes one: main-actor state, set in handlers.
@MainActor
final class ItemsViewModel {
    let client: OrionClient
    private(set) var versions: [Int] = []
    private(set) var watchedVersions: [[Int]] = []
    private(set) var error: (any Error)?
    private var watcher: GraphQLQueryWatcher<WatchedItems.AllQuery>?
    /// Called after each change of state, as a view controller reloads its table.
    private var changed: (() -> Void)?

    init(client: OrionClient) {
        self.client = client
    }

    func load(policy: CachePolicy = .returnCacheDataElseFetch) {
        client.fetch(query: WatchedItems.AllQuery(), cachePolicy: policy) { result in
            switch result {
            case .success(let result): self.versions = result.data?.items.map(\.version) ?? []
            case .failure(let error): self.error = error
            }
            self.changed?()
        }
    }

    func watch() {
        watcher = client.watch(query: WatchedItems.AllQuery()) { result in
            if case .success(let result) = result { self.watchedVersions.append(result.data?.items.map(\.version) ?? []) }
            self.changed?()
        }
    }

    func stopWatching() {
        watcher?.cancel()
    }

    /// Each change of state, for the test to wait on.
    func updates() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        changed = { continuation.yield() }
        return stream
    }
}
