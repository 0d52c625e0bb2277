import Foundation
import OrionAPI

/// Reads queries and fragments from the cache inside `OrionStore.withinReadTransaction`.
public class ReadTransaction {
    let store: OrionStore
    /// The layers seen over the cache: none, but for an optimistic update, which builds on the
    /// ones before it.
    let layers: [CacheLayer]

    init(store: OrionStore, layers: [CacheLayer] = []) {
        self.store = store
        self.layers = layers
    }

    /// The records as this transaction sees them.
    func records(_ keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        var found = try store.cache.loadRecords(forKeys: keys)
        for layer in layers { layer.apply(to: &found, keys: keys) }
        return found
    }

    private func record(_ key: CacheKey) throws -> Record? {
        try records([key])[key]
    }

    /// A query's data.
    ///
    /// - Throws: `CacheMissError` when the cache lacks any of it.
    public func read<Query: GraphQLOperation>(query: Query) throws -> Query.Data {
        try OrionStore.read(Query.Data.self, key: RootCacheKey.forOperation(Query.operationType), schema: Query.__schema,
                            variables: query.variablesWithDefaults, now: store.now(), tracksDependencies: false, loadRecord: record).data
    }

    /// A fragment's data at a record, e.g. `Launch:92`.
    public func read<F: Fragment>(_ fragment: F.Type, at key: CacheKey, variables: [String: JSONValue] = [:]) throws -> F {
        try OrionStore.read(F.self, key: key, schema: F.__schema, variables: variables, now: store.now(), tracksDependencies: false, loadRecord: record).data
    }
}

/// Reads and changes the cache inside `OrionStore.withinReadWriteTransaction` (or an optimistic
/// update's layer, `OrionStore.addOptimisticLayer`); reads see the transaction's own changes.
public final class ReadWriteTransaction: ReadTransaction {
    /// The transaction's changes, applied when it ends.
    private(set) var changes = CacheLayer()

    override func records(_ keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        var found = try super.records(keys)
        changes.apply(to: &found, keys: keys)
        return found
    }

    /// Writes a query's data, as if the server had returned it.
    public func write<Query: GraphQLOperation>(data: Query.Data, for query: Query) throws {
        var normalizer = Normalizer(schema: Query.__schema, variables: query.variablesWithDefaults)
        try normalizer.normalizeRoot(data.__data, metadata: Query.Data.__metadata, key: RootCacheKey.forOperation(Query.operationType))
        add(normalizer.records)
    }

    /// Writes a fragment's data at a record, e.g. `Launch:92`.
    public func write<F: Fragment>(_ data: F, at key: CacheKey, variables: [String: JSONValue] = [:]) throws {
        var normalizer = Normalizer(schema: F.__schema, variables: variables)
        try normalizer.normalizeRoot(data.__data, metadata: F.__metadata, key: key)
        add(normalizer.records)
    }

    /// Reads a query, changes its data, writes it back.
    public func update<Query: GraphQLOperation>(query: Query, _ change: (Query.Data) throws -> Query.Data) throws {
        try write(data: change(try read(query: query)), for: query)
    }

    /// Changes the fields of one record directly (`record.fields["isBooked"] = .value(.bool(true))`).
    public func updateRecord(_ key: CacheKey, _ change: (inout Record) throws -> Void) throws {
        var record = try records([key])[key] ?? Record(key: key)
        try change(&record)
        add([key: record])
    }

    /// Removes an object's record; queries that reach it become misses.
    public func removeObject(at key: CacheKey) {
        changes.remove(key)
    }

    private func add(_ records: RecordSet) {
        changes.add(records)
    }
}
