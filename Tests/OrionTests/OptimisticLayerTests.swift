import Foundation
@testable import OrionCache
import OrionAPI
import Testing

/// Optimistic layers in the store: seen by every read over the cache and never written to it,
/// stacked in order, removed independently in any order, told to subscribers like writes.
@Suite struct OptimisticLayerTests {
    private static func store() throws -> OrionStore {
        let store = OrionStore()
        try store.write(data: ResponseObject(jsonData: Data(HeroQuery.response.utf8)), for: KeyedHeroQuery())
        return store
    }

    private static func name(_ store: OrionStore) throws -> String? {
        try store.read(query: KeyedHeroQuery()).hero?.name
    }

    private static func rename(_ name: String) -> (ReadWriteTransaction) throws -> Void {
        { try $0.updateRecord("Character:2001") { $0.fields["name"] = .value(.string(name)) } }
    }

    @Test(arguments: [[0, 1], [1, 0]])
    func layersStackAndAreRemovedInAnyOrder(order: [Int]) throws {
        let store = try Self.store()
        let layers = [try store.addOptimisticLayer(Self.rename("Artoo")), try store.addOptimisticLayer(Self.rename("Detoo"))]
        #expect(try Self.name(store) == "Detoo", "the later layer is on top")
        #expect(try store.cache.loadRecord(forKey: "Character:2001")?.fields["name"] == .value(.string("R2-D2")), "the cache is untouched")

        store.removeOptimisticLayer(layers[order[0]])
        #expect(try Self.name(store) == (order[0] == 0 ? "Detoo" : "Artoo"))
        store.removeOptimisticLayer(layers[order[1]])
        #expect(try Self.name(store) == "R2-D2")
        #expect(store.optimisticLayerCount == 0)
        store.removeOptimisticLayer(layers[0])  // gone already: nothing happens
    }

    @Test func aWriteUnderALayerShowsWhenTheLayerGoes() throws {
        let store = try Self.store()
        let layer = try store.addOptimisticLayer(Self.rename("Artoo"))
        try store.withinReadWriteTransaction { try Self.rename("Server")($0) }
        #expect(try Self.name(store) == "Artoo", "the layer stays on top of the server's write")
        store.removeOptimisticLayer(layer)
        #expect(try Self.name(store) == "Server")
    }

    @Test func aLayerCanHideARecordAndTransactionsSeeTheCacheOnly() throws {
        let store = try Self.store()
        let layer = try store.addOptimisticLayer { $0.removeObject(at: "Character:1000") }
        #expect(throws: CacheMissError.self) { try store.read(query: KeyedHeroQuery()) }
        let truth = try store.withinReadTransaction { try $0.read(query: KeyedHeroQuery()).hero?.name }
        #expect(truth == "R2-D2", "what is true, without the layer")
        store.removeOptimisticLayer(layer)
        #expect(try Self.name(store) == "R2-D2")
    }

    @Test func aLayersTransactionBuildsOnTheLayersBeforeIt() throws {
        let store = try Self.store()
        try store.addOptimisticLayer(Self.rename("Artoo"))
        try store.addOptimisticLayer { transaction in
            let name = try transaction.read(query: KeyedHeroQuery()).hero?.name ?? ""
            try Self.rename(name + " II")(transaction)
        }
        #expect(try Self.name(store) == "Artoo II")
    }

    @Test func anUpdateThatThrowsAddsNoLayer() throws {
        struct Refused: Error {}
        let store = try Self.store()
        #expect(throws: Refused.self) { try store.addOptimisticLayer { _ in throw Refused() } }
        #expect(store.optimisticLayerCount == 0)
    }

    @Test func subscribersAreToldWhenALayerComesAndGoes() throws {
        let store = try Self.store()
        let changes = Mutex<[ChangedFields]>([])
        let subscription = store.subscribe { fields in changes.withLock { $0.append(fields) } }
        defer { store.unsubscribe(subscription) }
        let before = store.version
        let layer = try store.addOptimisticLayer(Self.rename("Artoo"))
        store.removeOptimisticLayer(layer)
        #expect(changes.withLock { $0 } == [[CacheField(key: "Character:2001", field: "name")], [CacheField(key: "Character:2001", field: "name")]])
        #expect(store.version == before + 2, "each is a change in write order")
    }
}
