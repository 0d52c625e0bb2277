/// Where normalized records live: in memory, or in a SQLite file. Implementations are
/// thread-safe; each call is atomic.
public protocol NormalizedCache: Sendable {
    /// The records that exist for `keys`.
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]
    /// Merges `records` field by field into what is stored, in one transaction, and returns
    /// the keys of the fields that changed (`Launch:92.isBooked`), for watchers.
    func merge(records: [CacheKey: Record]) throws -> Set<String>
    /// Removes records, in one transaction.
    func removeRecords(forKeys keys: Set<CacheKey>) throws
    /// The key of every record: what garbage collection sweeps.
    func allKeys() throws -> Set<CacheKey>
    /// Removes every record.
    func clear() throws
}

extension NormalizedCache {
    /// Removes a record.
    public func removeRecord(forKey key: CacheKey) throws {
        try removeRecords(forKeys: [key])
    }
}

extension Record {
    /// Merges `other`'s fields into this record, adding the keys of changed fields
    /// (`Launch:92.isBooked`) to `changed`: what a `NormalizedCache` does in `merge(records:)`.
    public mutating func merge(_ other: Record, changed: inout Set<String>) {
        for (field, value) in other.fields where fields[field] != value {
            fields[field] = value
            changed.insert(key + "." + field)
        }
        // A field written again takes the new write's expiry, or none.
        if !expirations.isEmpty || !other.expirations.isEmpty {
            for field in other.fields.keys { expirations[field] = other.expirations[field] }
        }
    }
}
