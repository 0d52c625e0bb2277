import Foundation

/// Where normalized records live: in memory, or in a SQLite file. Implementations are
/// thread-safe; each call is atomic.
public protocol NormalizedCache: Sendable {
    /// The records that exist for `keys`.
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]
    /// The record for `key`, if it exists: what a read calls for each object it reaches.
    func loadRecord(forKey key: CacheKey) throws -> Record?
    /// Merges `records` field by field into what is stored, in one transaction, and returns
    /// the fields that changed, each once, for watchers.
    func merge(records: RecordSet) throws -> [CacheField]
    /// Removes records, in one transaction.
    func removeRecords(forKeys keys: Set<CacheKey>) throws
    /// The key of every record: what garbage collection sweeps.
    func allKeys() throws -> Set<CacheKey>
    /// Removes every record.
    func clear() throws
    /// Runs `body`, which loads records one at a time (a query read), as one read of the cache:
    /// a SQLite cache holds one transaction and its locks for all of it, not one per record.
    func withinRead<Result>(_ body: () throws -> Result) throws -> Result
}

extension NormalizedCache {
    /// Runs `body` as it is: each load is atomic on its own.
    public func withinRead<Result>(_ body: () throws -> Result) throws -> Result {
        try body()
    }

    public func loadRecord(forKey key: CacheKey) throws -> Record? {
        try loadRecords(forKeys: [key])[key]
    }

    /// Removes a record.
    public func removeRecord(forKey key: CacheKey) throws {
        try removeRecords(forKeys: [key])
    }
}

extension Record {
    /// Merges `other`'s fields into this record, adding the fields that changed to `changed`:
    /// what a `NormalizedCache` does in `merge(records:)`.
    public mutating func merge(_ other: Record, changed: inout [CacheField]) {
        // A new record takes the other's fields whole: the common case of a first write.
        if fields.isEmpty && expirations.isEmpty {
            fields = other.fields
            expirations = other.expirations
            other.fields.appendFields(at: key, to: &changed)
            return
        }
        for (field, value) in other.fields {
            let old = fields.updateValue(value, forKey: field)
            if old != value { changed.append(CacheField(key: key, field: field)) }
        }
        takeExpirations(for: other.fields, from: other.expirations)
    }

    /// Writes the fields of a later write of the same key over this record's, with their expiry.
    mutating func write(_ laterFields: RecordFields, expirations laterExpirations: [String: Date]) {
        fields.merge(laterFields)
        takeExpirations(for: laterFields, from: laterExpirations)
    }

    /// A field written again takes the new write's expiry, or none.
    private mutating func takeExpirations(for written: RecordFields, from writtenExpirations: [String: Date]) {
        guard !expirations.isEmpty || !writtenExpirations.isEmpty else { return }
        for field in written.keys { expirations[field] = writtenExpirations[field] }
    }
}
