/// Where normalized records live: in memory, or in a SQLite file. Implementations are
/// thread-safe; each call is atomic.
public protocol NormalizedCache: Sendable {
    /// The records that exist for `keys`.
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]
    /// The record for `key`, if it exists: what a read calls for each object it reaches.
    func loadRecord(forKey key: CacheKey) throws -> Record?
    /// Merges `records` field by field into what is stored, in one transaction, and returns
    /// the fields that changed, each once, for watchers.
    func merge(records: RecordSet) throws -> ChangedFields
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
