/// A normalized cache in memory, for one run of the app.
public final class InMemoryNormalizedCache: NormalizedCache {
    private let records: Mutex<[CacheKey: Record]>

    public init(records: [CacheKey: Record] = [:]) {
        self.records = Mutex(records)
    }

    public func loadRecords(forKeys keys: Set<CacheKey>) -> [CacheKey: Record] {
        records.withLock { stored in
            var found: [CacheKey: Record] = [:]
            for key in keys { found[key] = stored[key] }
            return found
        }
    }

    public func merge(records newRecords: [CacheKey: Record]) -> Set<String> {
        records.withLock { stored in
            var changed: Set<String> = []
            for (key, record) in newRecords {
                var existing = stored[key] ?? Record(key: key)
                existing.merge(record, changed: &changed)
                stored[key] = existing
            }
            return changed
        }
    }

    public func removeRecord(forKey key: CacheKey) {
        records.withLock { _ = $0.removeValue(forKey: key) }
    }

    public func clear() {
        records.withLock { $0.removeAll() }
    }
}
