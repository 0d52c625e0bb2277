import Foundation

/// A normalized cache in memory in front of another (usually `SQLiteNormalizedCache`): reads
/// find hot records in memory, and the back keeps every record.
///
/// The back is the source of truth: it holds every record, and the front holds copies of some
/// of them, those read lately, kept current by writes (with its `maxRecordCount`, the least recently used
/// are evicted; an evicted record is read from the back again, so eviction loses nothing).
///
/// - Reads look in the front first. The keys it lacks are loaded from the back in one
///   `loadRecords` call, and copied into the front.
/// - `merge` writes the back first; its changed fields are what `merge` returns. Then the
///   records the front holds are merged into it alike; a record the front does not hold is not
///   added (a merged record may hold fields of earlier writes that only the back has), and is
///   copied in when it is next read.
/// - `removeRecords` and `clear` change the back, then the front; `allKeys` is the back's.
/// - `withinRead` is the back's `withinRead`: a query read over SQLite is one transaction.
///
/// ## Guarantees
///
/// - **The front never holds an older record than the back.** Every call (a `withinRead`
///   throughout) holds one lock of this cache across its work on both layers: a merge writes
///   the back and then the front before another merge, load or removal starts, so two
///   concurrent merges reach both layers in the same order, and a record loaded from the back
///   is copied into the front before a merge can change the back. (Removing the front's copies
///   on each write instead would still need the lock, or a load from the back could copy an
///   older record in just after a merge removed it; and it would send every read after a write
///   to the back, where a watcher re-reads what was just written.)
/// - **A failed write leaves the front unchanged.** The back is written first: when
///   it throws (a read-only SQLite file, a full disk), the front is left as it was, still equal
///   to the back. The front, in memory, cannot fail.
/// - **Atomic reads.** A `withinRead` holds the lock for all its loads, so it sees all of a
///   merge or none of it, as the in-memory and SQLite caches do.
///
/// The back must be written only through this cache, and the front must not be merged into
/// directly: either would let the front hold what the back does not. Clearing the front
/// directly is safe (it drops copies only).
public final class ChainedNormalizedCache: NormalizedCache {
    /// The records read lately: copies of the back's, kept current by writes.
    public let front: InMemoryNormalizedCache
    /// Every record: the source of truth.
    public let back: any NormalizedCache
    // Orders each call's work on the two layers; it guards no state of its own (each layer is
    // thread-safe), so it is a plain lock, not a `Mutex` of nothing. Recursive, for the loads
    // of a `withinRead`, which holds it throughout. Always taken before either layer's lock.
    private let lock = NSRecursiveLock()

    /// A cache of `front` in front of `back`.
    ///
    /// - Parameters:
    ///   - front: the records in memory, usually bounded by `maxRecordCount`. It should start
    ///     empty, or hold only copies of `back`'s records.
    ///   - back: every record, e.g. `SQLiteNormalizedCache`, written only through this cache.
    public init(front: InMemoryNormalizedCache = InMemoryNormalizedCache(), back: any NormalizedCache) {
        self.front = front
        self.back = back
    }

    private func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The records for `keys`: from the front, and those it lacks from the back, in one load,
    /// then copied into the front.
    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try withLock {
            var found = front.loadRecords(forKeys: keys)
            guard found.count < keys.count else { return found }
            let loaded = try back.loadRecords(forKeys: keys.subtracting(found.keys))
            if !loaded.isEmpty {
                _ = front.merge(records: RecordSet(loaded))
                found.merge(loaded) { _, loaded in loaded }
            }
            return found
        }
    }

    /// The record for `key`: from the front, else from the back, then copied into the front.
    public func loadRecord(forKey key: CacheKey) throws -> Record? {
        try withLock {
            if let record = front.loadRecord(forKey: key) { return record }
            guard let record = try back.loadRecord(forKey: key) else { return nil }
            _ = front.merge(records: [key: record])
            return record
        }
    }

    /// Merges `records` into the back, then into the records the front holds.
    ///
    /// - Returns: the fields the back reports changed, each once.
    /// - Throws: what the back throws; the front is then unchanged.
    public func merge(records: RecordSet) throws -> ChangedFields {
        try withLock {
            let changed = try back.merge(records: records)
            // The front's copies are the back's records before this merge, so merging the same
            // fields into them gives the back's records after it.
            let held = front.loadRecords(forKeys: Set(records.keys))
            if !held.isEmpty { _ = front.merge(records: records.filter { held[$0.key] != nil }) }
            return changed
        }
    }

    /// Removes records from the back, then from the front.
    ///
    /// - Throws: what the back throws; the front is then unchanged.
    public func removeRecords(forKeys keys: Set<CacheKey>) throws {
        try withLock {
            try back.removeRecords(forKeys: keys)
            front.removeRecords(forKeys: keys)
        }
    }

    /// The back's keys: every record, whether the front holds it or not.
    public func allKeys() throws -> Set<CacheKey> {
        try withLock { try back.allKeys() }
    }

    /// Clears the back, then the front.
    ///
    /// - Throws: what the back throws; the front is then unchanged.
    public func clear() throws {
        try withLock {
            try back.clear()
            front.clear()
        }
    }

    /// Runs `body` inside the back's `withinRead` (one SQLite transaction), holding this cache's
    /// lock: its loads see one state of both layers, and no merge meanwhile.
    public func withinRead<Result>(_ body: () throws -> Result) throws -> Result {
        try withLock { try back.withinRead(body) }
    }
}
