import Foundation

/// An optimistic update's layer in a store, to remove it by.
public struct OptimisticLayerID: Hashable, Sendable {
    private let id = UUID()
}

/// Optimistic updates: changes seen over the cache until the server answers.
///
/// A layer holds what a mutation is expected to change. Every read sees the layers on top of the
/// cache, in the order they were added; writes go to the cache beneath them, so the server's
/// results land while a layer still shows; removing a layer shows what is beneath it. Layers
/// are independent: several may be pending, and each is removed on its own, in any order.
extension OrionStore {
    /// Runs `update` as a read-write transaction whose changes become a new layer over the cache
    /// instead of being written to it. Its reads see the cache and the layers already added.
    /// Watchers are told of every field the layer sets, as of a write.
    ///
    /// - Returns: the layer's identifier, for ``removeOptimisticLayer(_:)``.
    /// - Throws: what `update` throws; no layer is added then.
    @discardableResult
    public func addOptimisticLayer(_ update: (ReadWriteTransaction) throws -> Void) throws -> OptimisticLayerID {
        let id = OptimisticLayerID()
        let (changed, version) = try withWriteLock {
            let below = optimisticLayers.withLock { $0.map(\.layer) }
            let transaction = ReadWriteTransaction(store: self, layers: below)
            try update(transaction)
            let layer = transaction.changes
            let changed = layer.changedFields(over: try ReadTransaction(store: self, layers: below).records(layer.keys))
            optimisticLayers.withLock { $0.append((id, layer)) }
            return (changed, nextVersion(changed))
        }
        publish(changed, version: version)
        return id
    }

    /// Removes a layer: reads see what is beneath it (the server's result, once written, or
    /// the data from before the update). Watchers are told of every field it had set. Removing
    /// a layer that is gone does nothing.
    public func removeOptimisticLayer(_ id: OptimisticLayerID) {
        let (changed, version) = withWriteLock { () -> (ChangedFields, UInt64) in
            let (removed, rest) = optimisticLayers.withLock { layers -> (CacheLayer?, [CacheLayer]) in
                guard let index = layers.firstIndex(where: { $0.id == id }) else { return (nil, []) }
                let removed = layers.remove(at: index).layer
                return (removed, layers.map(\.layer))
            }
            guard let removed else { return ([], self.version) }
            // Compared with what shows without it; when that cannot be loaded, every field the
            // layer set is told (a record it hid is read again at its next change).
            let shown = (try? ReadTransaction(store: self, layers: rest).records(removed.keys)) ?? [:]
            let changed = removed.changedFields(over: shown)
            return (changed, nextVersion(changed))
        }
        publish(changed, version: version)
    }

    /// How many optimistic layers are over the cache.
    public var optimisticLayerCount: Int {
        optimisticLayers.withLock { $0.count }
    }

    /// How a read loads a record: from the cache, through the layers over it now.
    func recordLoader() -> (CacheKey) throws -> Record? {
        let layers = optimisticLayers.withLock { $0.map(\.layer) }
        let cache = cache
        guard !layers.isEmpty else { return { try cache.loadRecord(forKey: $0) } }
        return { key in
            var found: [CacheKey: Record] = [:]
            found[key] = try cache.loadRecord(forKey: key)
            for layer in layers { layer.apply(to: &found, keys: [key]) }
            return found[key]
        }
    }
}
