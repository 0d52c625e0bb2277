import Foundation

/// A normalized cache in memory, for one run of the app.
///
/// With `maxRecordCount`, it holds at most that many records: when a merge goes beyond it, the
/// least recently used records are evicted (down to 90 % of the bound, so that eviction is not
/// paid on every write). A query that needed an evicted record is then a miss and goes to the
/// server. Without a bound, nothing is tracked and nothing is evicted.
///
/// A query read (`withinRead`) holds the cache's lock from its first record to its last, so it
/// sees all of a merge or none of it: without that, a read of several records could mix two
/// merges (reads of an 8-record query did, about once in 30, under concurrent writes).
public final class InMemoryNormalizedCache: NormalizedCache, @unchecked Sendable {
    private struct State {
        /// Keyed as a ``RecordSet`` is, so that a merge does not hash its keys again.
        var records: [HashedCacheKey: Record]
        /// The tick of each record's last load or merge; kept only when bounded.
        var lastUse: [HashedCacheKey: UInt64] = [:]
        var tick: UInt64 = 0

        mutating func touch(_ key: HashedCacheKey, bounded: Bool) {
            guard bounded else { return }
            tick &+= 1
            lastUse[key] = tick
        }
    }

    // Every access to `state` is inside `withState`, which holds `lock`. Recursive, for the loads
    // of a `withinRead`, which holds it throughout. The lock is what makes accesses exclusive, so
    // the runtime's check of each one (a thread-local lookup per merge and per load) is left out,
    // as in `Mutex`.
    @exclusivity(unchecked) private var state: State
    private let lock = NSRecursiveLock()
    /// The most records kept, or nil for no bound.
    public let maxRecordCount: Int?

    public init(records: RecordSet = RecordSet(), maxRecordCount: Int? = nil) {
        precondition(maxRecordCount.map { $0 > 0 } ?? true, "maxRecordCount must be positive")
        self.maxRecordCount = maxRecordCount
        var state = State(records: records.storage)
        if maxRecordCount != nil { for key in state.records.keys { state.touch(key, bounded: true) } }
        self.state = state
    }

    private func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Runs `body` holding the lock: its loads see one state of the cache.
    public func withinRead<Result>(_ body: () throws -> Result) throws -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    public func loadRecords(forKeys keys: Set<CacheKey>) -> [CacheKey: Record] {
        let bounded = maxRecordCount != nil
        return withState { state in
            var found: [CacheKey: Record] = [:]
            for key in keys {
                let hashed = HashedCacheKey(key)
                guard let record = state.records[hashed] else { continue }
                found[key] = record
                state.touch(hashed, bounded: bounded)
            }
            return found
        }
    }

    public func loadRecord(forKey key: CacheKey) -> Record? {
        let bounded = maxRecordCount != nil
        return withState { state in
            let hashed = HashedCacheKey(key)
            guard let record = state.records[hashed] else { return nil }
            state.touch(hashed, bounded: bounded)
            return record
        }
    }

    public func merge(records newRecords: RecordSet) -> ChangedFields {
        withState { state in
            // Sized once for a first write, which adds each record whole: growing the list
            // copies it a dozen times (2.5 % of writing 10,000 launches).
            var changed = ChangedFields()
            changed.reserveCapacity(newRecords.count)
            // Grown once, not a dozen times with every key rehashed, when many records are new.
            if newRecords.count >= Normalizer.worthReserving { state.records.reserveCapacity(state.records.count + newRecords.count) }
            for (key, record) in newRecords.storage {
                // A stored record is merged where it is (its fields are not copied); a new one is
                // listed as changed before it is moved into the table, so that neither its key
                // nor its fields are copied for it (taking the stored record out and putting it
                // back, or copying the new one in, was four retains and releases a record, 2 % of
                // a write). The second lookup of a new key costs less: its hash is kept. Not
                // `records[key, default:]`: its default, which captures the key, costs two
                // allocations per record.
                if let index = state.records.index(forKey: key) {
                    state.records.values[index].merge(record, changed: &changed)
                } else {
                    changed.append(everyFieldOf: record.fields, at: key.key)
                    state.records[key] = record
                }
                state.touch(key, bounded: maxRecordCount != nil)
            }
            if let maxRecordCount, state.records.count > maxRecordCount {
                Self.evict(&state, keeping: max(1, maxRecordCount * 9 / 10))
            }
            return changed
        }
    }

    private static func evict(_ state: inout State, keeping count: Int) {
        let oldestFirst = state.lastUse.sorted { $0.value < $1.value }
        for (key, _) in oldestFirst.prefix(state.records.count - count) {
            state.records[key] = nil
            state.lastUse[key] = nil
        }
    }

    public func removeRecords(forKeys keys: Set<CacheKey>) {
        withState { state in
            for key in keys {
                let hashed = HashedCacheKey(key)
                state.records[hashed] = nil
                state.lastUse[hashed] = nil
            }
        }
    }

    public func allKeys() -> Set<CacheKey> {
        withState { Set($0.records.keys.lazy.map(\.key)) }
    }

    /// How many records are held.
    public var recordCount: Int {
        withState { $0.records.count }
    }

    public func clear() {
        withState { $0 = State(records: [:]) }
    }
}
