import Foundation
import OrionAPI

/// Owns the normalized cache: writes operation results into it and reads query data back.
///
/// ## Guarantees
///
/// - **Atomic writes.** A write of one result (one `merge`, one read-write transaction) is one
///   merge, one transaction in SQLite, under the store's write lock: no other write or
///   transaction runs meanwhile.
/// - **Atomic reads.** A query read (`read(query:)`, and each read of a watcher) loads all its
///   records inside one `NormalizedCache.withinRead`: the in-memory cache holds its lock for the
///   whole read, SQLite one read transaction. A reader sees all of a write or none of it, never
///   records of two writes mixed. Without this a watcher of several records could show a state
///   the cache never held.
/// - **Ordered versions.** Each write that changes something takes the next `version` while it
///   holds the write lock, so versions follow write order. Subscribers are told of every such
///   write with its changed fields and version, after the write and outside the lock, in no
///   particular order across writes: a subscriber that needs write order compares versions (as
///   watchers do).
/// - `clear()` and `collectGarbage()` tell no one: nothing a result shows changed on the server.
/// - **Optimistic layers** (``addOptimisticLayer(_:)``) are seen by every read on top of the
///   cache, and never written to it; adding or removing one is a change like a write's.
public final class OrionStore: Sendable {
    public let cache: any NormalizedCache
    /// Who is told about changed record fields: watchers.
    private let subscribers = Mutex<[UUID: @Sendable (StoreChange) -> Void]>([:])
    /// Held by every write and transaction, so that a transaction sees no other write.
    // A plain lock, not a `Mutex` of nothing: the thread sanitizer reported the zero-sized value's
    // accesses inside `Mutex` as racing with the lock itself.
    private let writeLock = NSLock()
    /// The number of writes that changed something; raised under `writeLock`, after the merge.
    private let versions = Mutex<UInt64>(0)
    /// Optimistic updates seen over the cache, oldest first (see `OrionStore+Optimistic.swift`);
    /// changed only under `writeLock`.
    let optimisticLayers = Mutex<[(id: OptimisticLayerID, layer: CacheLayer)]>([])

    /// When cached fields go stale.
    public let expiration: CacheExpiration
    /// The current time, as writes stamp expiry and reads check it.
    let now: @Sendable () -> Date

    /// A store over `cache`.
    ///
    /// - Parameters:
    ///   - cache: where the records are kept: in memory (the default) or, with `OrionSQLite`, in a file.
    ///   - expiration: how long cached fields stay fresh.
    ///   - now: the current time, read once per write (to stamp when its fields go stale) and
    ///     once per read (to tell stale fields): `Date()` unless a test passes a clock of its own,
    ///     to move time on instead of waiting for it.
    public init(
        cache: any NormalizedCache = InMemoryNormalizedCache(), expiration: CacheExpiration = .never,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.cache = cache
        self.expiration = expiration
        self.now = now
    }

    /// Calls `handler` with the record fields (`Launch:92.isBooked`) that each later write
    /// changes, until `unsubscribe`.
    public func subscribe(_ handler: @escaping @Sendable (ChangedFields) -> Void) -> UUID {
        subscribeToChanges { handler($0.fields) }
    }

    /// Calls `handler` with each later write's changes and version, until `unsubscribe`.
    package func subscribeToChanges(_ handler: @escaping @Sendable (StoreChange) -> Void) -> UUID {
        let id = UUID()
        subscribers.withLock { $0[id] = handler }
        return id
    }

    /// Whether anyone (a watcher) is told of changes: only then are a result's dependencies
    /// worth noting as it is read or written.
    package var hasSubscribers: Bool {
        subscribers.withLock { !$0.isEmpty }
    }

    /// How many writes have changed the cache. A read that starts after this is `n` sees every
    /// write up to the `n`th.
    package var version: UInt64 {
        versions.withLock { $0 }
    }

    public func unsubscribe(_ id: UUID) {
        subscribers.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Merges records and tells subscribers what changed.
    @discardableResult
    public func merge(records: RecordSet) throws -> ChangedFields {
        try mergeVersioned(records: records).changed
    }

    /// Merges records; returns what changed and the version after the merge.
    private func mergeVersioned(records: RecordSet, pageMerges: PageMerges = PageMerges()) throws -> (changed: ChangedFields, version: UInt64) {
        let (changed, version) = try withWriteLock {
            var records = records
            // Under the lock: the stored pages are those the merge joins.
            if !pageMerges.isEmpty { pageMerges.apply(to: &records, stored: try cache.loadRecords(forKeys: pageMerges.keys)) }
            let changed = try cache.merge(records: records)
            return (changed, nextVersion(changed))
        }
        publish(changed, version: version)
        return (changed, version)
    }

    /// Under the write lock: the version after a write that changed `changed`.
    func nextVersion(_ changed: ChangedFields) -> UInt64 {
        versions.withLock { version in
            if !changed.isEmpty { version += 1 }
            return version
        }
    }

    func publish(_ changed: ChangedFields, version: UInt64) {
        guard !changed.isEmpty, let handlers = subscribers.withLock({ $0.isEmpty ? nil : Array($0.values) }) else { return }
        let change = StoreChange(fields: changed, version: version)
        for handler in handlers { handler(change) }
    }

    /// Normalizes an operation's data into records and merges them.
    ///
    /// - Parameters:
    ///   - data: the response's `data` object.
    ///   - operation: the operation it answers, whose variables decide arguments and @include/@skip.
    ///   - maxAge: how long the response may be used (its `Cache-Control: max-age`).
    /// - Returns: the fields that changed.
    @discardableResult
    public func write<Operation: GraphQLOperation>(data: ResponseObject, for operation: Operation, maxAge: TimeInterval? = nil) throws -> ChangedFields {
        try write(data, shape: OperationShape(operation), maxAge: maxAge, tracksDependencies: false).changed
    }

    /// Writes a server result as `write(data:for:maxAge:)` does, with what the write needs of
    /// its operation taken out already: a subscription's events take it out once.
    @discardableResult
    package func write(data: ResponseObject, shape: OperationShape, maxAge: TimeInterval?) throws -> ChangedFields {
        try write(data, shape: shape, maxAge: maxAge, tracksDependencies: false).changed
    }

    /// Writes a server result as `write(data:shape:maxAge:)` does, and returns the record fields
    /// it wrote, which are those a read of the operation reads, with the version they are as of:
    /// what a watcher of the result depends on, without reading it back.
    package func writeTrackingDependencies(data: ResponseObject, shape: OperationShape, maxAge: TimeInterval?) throws -> CacheDependencies {
        try write(data, shape: shape, maxAge: maxAge, tracksDependencies: true).dependencies
    }

    /// Normalizes a response's data or a model's, stamps expirations and merges the records.
    private func write(
        _ data: ResponseObject, shape: OperationShape, maxAge: TimeInterval?, tracksDependencies: Bool
    ) throws -> (changed: ChangedFields, dependencies: CacheDependencies) {
        let normalizer = try data.withTapeObject { object in try Self.normalize(object, for: shape, tracksDependencies: tracksDependencies) }
        return try merge(normalizer, maxAge: maxAge)
    }

    private func write(
        _ data: DataDict, shape: OperationShape, maxAge: TimeInterval?, tracksDependencies: Bool
    ) throws -> (changed: ChangedFields, dependencies: CacheDependencies) {
        try merge(Self.normalize(data, for: shape, tracksDependencies: tracksDependencies), maxAge: maxAge)
    }

    /// What writing an operation's results needs of it: its schema, its variables (defaults
    /// filled in), its selections and its root record's key.
    ///
    /// Taken out of the operation once per write, or once for all the events of a
    /// subscription; and it keeps the normalizing generic over the data's source alone: called
    /// with a concrete source it is specialized for it, which it would not be inside code that
    /// is also generic over the operation.
    ///
    /// A class: a subscription's per-event closure holds one, and hands it on with a retain.
    @usableFromInline
    package final class OperationShape: Sendable {
        let schema: any SchemaMetadata.Type
        let variables: [String: JSONValue]
        let metadata: SelectionSetMetadata
        let rootKey: CacheKey

        @usableFromInline
        package init<Operation: GraphQLOperation>(_ operation: Operation) {
            schema = Operation.__schema
            variables = operation.variablesWithDefaults
            metadata = Operation.Data.__metadata
            rootKey = RootCacheKey.forOperation(Operation.operationType)
        }
    }

    private static func normalize<Source: NormalizerSource>(
        _ data: Source, for operation: OperationShape, tracksDependencies: Bool
    ) throws -> Normalizer {
        var normalizer = Normalizer(schema: operation.schema, variables: operation.variables, tracksDependencies: tracksDependencies)
        try normalizer.normalizeRoot(data, metadata: operation.metadata, key: operation.rootKey)
        return normalizer
    }

    /// Stamps the normalized records' expirations and merges them, later pages of paginated
    /// fields joined with the stored ones.
    private func merge(_ normalizer: Normalizer, maxAge: TimeInterval?) throws -> (changed: ChangedFields, dependencies: CacheDependencies) {
        var records = normalizer.records
        expiration.stamp(&records, responseMaxAge: maxAge, now: now())
        // Every field it depends on is written here: the data is as of this write's version.
        let (changed, version) = try mergeVersioned(records: records, pageMerges: normalizer.pageMerges)
        return (changed, CacheDependencies(fields: normalizer.dependencies, version: version))
    }

    /// Writes data built in code (a model, e.g. after an optimistic change) into the cache.
    @discardableResult
    public func write<Operation: GraphQLOperation>(data: Operation.Data, for operation: Operation) throws -> ChangedFields {
        try write(data: data.__data, shape: OperationShape(operation), maxAge: nil)
    }

    /// `write(data:shape:maxAge:)` for a model's data (a result built in code): normalized from
    /// the model in place, as a response object is.
    @discardableResult
    package func write(data: DataDict, shape: OperationShape, maxAge: TimeInterval?) throws -> ChangedFields {
        try write(data, shape: shape, maxAge: maxAge, tracksDependencies: false).changed
    }

    /// `writeTrackingDependencies(data:shape:maxAge:)` for a model's data (a result built in code).
    package func writeTrackingDependencies(data: DataDict, shape: OperationShape, maxAge: TimeInterval?) throws -> CacheDependencies {
        try write(data, shape: shape, maxAge: maxAge, tracksDependencies: true).dependencies
    }

    /// The query's data if the cache holds all of it.
    ///
    /// - Throws: `CacheMissError` when any field is missing (a partial hit is a miss).
    public func read<Query: GraphQLOperation>(query: Query) throws -> Query.Data {
        let loadRecord = recordLoader()
        return try cache.withinRead {
            try Self.read(Query.Data.self, key: RootCacheKey.forOperation(Query.operationType), schema: Query.__schema,
                          variables: query.variablesWithDefaults, now: now(), tracksDependencies: false, loadRecord: loadRecord).data
        }
    }

    /// The query's data, the record fields it was read from and the version it is as of: what
    /// a watcher depends on. One atomic read.
    ///
    /// - Throws: `CacheMissError` when any field is missing.
    package func readWithDependencies<Query: GraphQLOperation>(query: Query) throws -> (data: Query.Data, dependencies: CacheDependencies) {
        try cache.withinRead {
            // Read first: every write up to it has merged, and every optimistic layer up to it
            // is in place (taken next), so the read sees it.
            let version = self.version
            let loadRecord = recordLoader()
            let (data, fields) = try Self.read(Query.Data.self, key: RootCacheKey.forOperation(Query.operationType), schema: Query.__schema,
                                               variables: query.variablesWithDefaults, now: now(), tracksDependencies: true, loadRecord: loadRecord)
            return (data, CacheDependencies(fields: fields, version: version))
        }
    }

    /// Reads a selection set at a record from a source of records. `variables`: the operation's,
    /// defaults filled in (`variablesWithDefaults`), for @include/@skip and arguments; fields
    /// that expire at or before `now` are stale.
    static func read<Model: SelectionSet>(
        _ type: Model.Type, key: CacheKey, schema: any SchemaMetadata.Type, variables: [String: JSONValue], now: Date,
        tracksDependencies: Bool, loadRecord: @escaping (CacheKey) throws -> Record?
    ) throws -> (data: Model, dependencies: Set<CacheField>) {
        let source = RecordSource(loadRecord: loadRecord, schema: schema, variables: variables, now: now, tracksDependencies: tracksDependencies)
        let data = try source.read(Model.self, at: key)
        return (data, Set(source.dependencies))
    }

    /// Runs `body` with a view of the cache that no write changes meanwhile.
    public func withinReadTransaction<Result>(_ body: (ReadTransaction) throws -> Result) throws -> Result {
        try withWriteLock { try body(ReadTransaction(store: self)) }
    }

    /// Runs `body`, which may read and change the cache; its changes are applied together at
    /// the end, none of them if `body` throws, and watchers are told once, after it.
    public func withinReadWriteTransaction<Result>(_ body: (ReadWriteTransaction) throws -> Result) throws -> Result {
        let (result, changed, version) = try withWriteLock {
            let transaction = ReadWriteTransaction(store: self)
            let result = try body(transaction)
            let removals = transaction.changes.removals
            // A removed record changes every field a watcher may have read from it.
            var changed = ChangedFields()
            for (key, record) in try cache.loadRecords(forKeys: removals) {
                changed.append(everyFieldOf: record.fields, at: key)
            }
            if !removals.isEmpty { try cache.removeRecords(forKeys: removals) }
            changed.append(contentsOf: try cache.merge(records: transaction.changes.pending))
            return (result, changed, nextVersion(changed))
        }
        publish(changed, version: version)
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
        try withWriteLock { try cache.clear() }
    }

    /// Runs `body` holding the write lock.
    func withWriteLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        writeLock.lock()
        defer { writeLock.unlock() }
        return try body()
    }
}
