import Foundation
import OrionAPI

/// Owns the normalized cache: writes operation results into it and reads query data back.
///
/// Writes of one result are one merge (one transaction in SQLite); readers see either all of it
/// or none of it.
public final class OrionStore: Sendable {
    public let cache: any NormalizedCache
    /// Who is told about changed record fields: watchers.
    private let subscribers = Mutex<[UUID: @Sendable ([CacheField]) -> Void]>([:])
    /// Held by every write and transaction, so that a transaction sees no other write.
    // A plain lock, not a `Mutex` of nothing: the thread sanitizer reported the zero-sized value's
    // accesses inside `Mutex` as racing with the lock itself.
    private let writeLock = NSLock()

    /// When cached fields go stale.
    public let expiration: CacheExpiration

    public init(cache: any NormalizedCache = InMemoryNormalizedCache(), expiration: CacheExpiration = .never) {
        self.cache = cache
        self.expiration = expiration
    }

    /// Calls `handler` with the record fields (`Launch:92.isBooked`) that each later write
    /// changes, until `unsubscribe`.
    public func subscribe(_ handler: @escaping @Sendable ([CacheField]) -> Void) -> UUID {
        let id = UUID()
        subscribers.withLock { $0[id] = handler }
        return id
    }

    public func unsubscribe(_ id: UUID) {
        subscribers.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Merges records and tells subscribers what changed.
    @discardableResult
    public func merge(records: [CacheKey: Record]) throws -> [CacheField] {
        let changed = try withWriteLock { try cache.merge(records: records) }
        publish(changed)
        return changed
    }

    private func publish(_ changed: [CacheField]) {
        guard !changed.isEmpty else { return }
        for handler in subscribers.withLock({ Array($0.values) }) { handler(changed) }
    }

    /// Normalizes an operation's data into records and merges them.
    ///
    /// - Parameter maxAge: how long the response may be used (its `Cache-Control: max-age`).
    /// - Returns: the fields that changed.
    @discardableResult
    public func write<Operation: GraphQLOperation>(data: ResponseObject, for operation: Operation, maxAge: TimeInterval? = nil) throws -> [CacheField] {
        var normalizer = Normalizer(schema: Operation.__schema, variables: operation.variablesWithDefaults)
        try normalizer.normalizeRoot(data, selections: Operation.Data.__selections, key: RootCacheKey.forOperation(Operation.operationType))
        var records = normalizer.records
        expiration.stamp(&records, responseMaxAge: maxAge, now: Date())
        return try merge(records: records)
    }

    /// Writes data built in code (a model, e.g. after an optimistic change) into the cache.
    @discardableResult
    public func write<Operation: GraphQLOperation>(data: Operation.Data, for operation: Operation) throws -> [CacheField] {
        try write(data: ResponseObject(jsonData: JSONSerialization.data(withJSONObject: data.jsonObject)), for: operation)
    }

    /// The query's data if the cache holds all of it.
    ///
    /// - Throws: `CacheMissError` when any field is missing (a partial hit is a miss).
    public func read<Query: GraphQLOperation>(query: Query) throws -> Query.Data {
        try cache.withinRead {
            try Self.read(Query.Data.self, key: RootCacheKey.forOperation(Query.operationType),
                          variables: query.variablesWithDefaults, tracksDependencies: false, loadRecord: cache.loadRecord).data
        }
    }

    /// The query's data and the record fields it was read from: what a watcher depends on.
    func readWithDependencies<Query: GraphQLOperation>(query: Query) throws -> (data: Query.Data, dependencies: Set<CacheField>) {
        try cache.withinRead {
            try Self.read(Query.Data.self, key: RootCacheKey.forOperation(Query.operationType),
                          variables: query.variablesWithDefaults, tracksDependencies: true, loadRecord: cache.loadRecord)
        }
    }

    /// Reads a selection set at a record from a source of records. `variables`: the operation's,
    /// defaults filled in (`variablesWithDefaults`), for @include/@skip and arguments.
    static func read<Model: SelectionSet>(
        _ type: Model.Type, key: CacheKey, variables: [String: JSONValue],
        tracksDependencies: Bool, loadRecord: @escaping (CacheKey) throws -> Record?
    ) throws -> (data: Model, dependencies: Set<CacheField>) {
        var reader = CacheReader(loadRecord: loadRecord, variables: variables, tracksDependencies: tracksDependencies)
        let tape = try reader.read(Model.self, key: key)
        // With the variables the reader chose the fields by: what it left out is excluded.
        return (try Model(responseValue: tape.root, variables: variables), Set(reader.dependencies))
    }

    /// Runs `body` with a view of the cache that no write changes meanwhile.
    public func withinReadTransaction<Result>(_ body: (ReadTransaction) throws -> Result) throws -> Result {
        try withWriteLock { try body(ReadTransaction(store: self)) }
    }

    /// Runs `body`, which may read and change the cache; its changes are applied together at
    /// the end, none of them if `body` throws, and watchers are told once, after it.
    public func withinReadWriteTransaction<Result>(_ body: (ReadWriteTransaction) throws -> Result) throws -> Result {
        let (result, changed) = try withWriteLock {
            let transaction = ReadWriteTransaction(store: self)
            let result = try body(transaction)
            // A removed record changes every field a watcher may have read from it.
            var changed: [CacheField] = []
            for (key, record) in try cache.loadRecords(forKeys: transaction.removals) {
                for field in record.fields.keys { changed.append(CacheField(key: key, field: field)) }
            }
            if !transaction.removals.isEmpty { try cache.removeRecords(forKeys: transaction.removals) }
            changed += try cache.merge(records: transaction.pending)
            return (result, changed)
        }
        publish(changed)
        return result
    }

    /// Removes every record that no root (query, mutation or subscription) reaches through
    /// references: objects no cached result points to any more. Watchers are not told, as
    /// nothing a result reads is removed.
    ///
    /// - Returns: the keys removed.
    @discardableResult
    public func collectGarbage() throws -> Set<CacheKey> {
        try withWriteLock {
            var reachable: Set<CacheKey> = []
            var frontier: Set<CacheKey> = [RootCacheKey.query, RootCacheKey.mutation, RootCacheKey.subscription]
            while !frontier.isEmpty {
                reachable.formUnion(frontier)
                var next: Set<CacheKey> = []
                for record in try cache.loadRecords(forKeys: frontier).values {
                    for value in record.fields.values { value.forEachReference { next.insert($0) } }
                }
                frontier = next.subtracting(reachable)
            }
            let garbage = try cache.allKeys().subtracting(reachable)
            if !garbage.isEmpty { try cache.removeRecords(forKeys: garbage) }
            return garbage
        }
    }

    /// Removes every record. Watchers are not told: nothing they show has changed on the server.
    public func clear() throws {
        try cache.clear()
    }

    /// Runs `body` holding the write lock.
    private func withWriteLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        writeLock.lock()
        defer { writeLock.unlock() }
        return try body()
    }
}
