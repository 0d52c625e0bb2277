import Foundation
import OrionAPI

/// Owns the normalized cache: writes operation results into it and reads query data back.
///
/// Writes of one result are one merge (one transaction in SQLite); readers see either all of it
/// or none of it.
public final class OrionStore: Sendable {
    public let cache: any NormalizedCache
    /// Who is told about changed record fields: watchers.
    private let subscribers = Mutex<[UUID: @Sendable (Set<String>) -> Void]>([:])

    public init(cache: any NormalizedCache = InMemoryNormalizedCache()) {
        self.cache = cache
    }

    /// Calls `handler` with the keys of the record fields (`Launch:92.isBooked`) that each
    /// later write changes, until `unsubscribe`.
    public func subscribe(_ handler: @escaping @Sendable (Set<String>) -> Void) -> UUID {
        let id = UUID()
        subscribers.withLock { $0[id] = handler }
        return id
    }

    public func unsubscribe(_ id: UUID) {
        subscribers.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Merges records and tells subscribers what changed.
    @discardableResult
    public func merge(records: [CacheKey: Record]) throws -> Set<String> {
        let changed = try cache.merge(records: records)
        if !changed.isEmpty {
            for handler in subscribers.withLock({ Array($0.values) }) { handler(changed) }
        }
        return changed
    }

    /// Normalizes an operation's data into records and merges them.
    ///
    /// - Returns: the keys of the fields that changed.
    @discardableResult
    public func write<Operation: GraphQLOperation>(data: ResponseObject, for operation: Operation) throws -> Set<String> {
        var normalizer = Normalizer(schema: Operation.__schema, variables: operation.__variables)
        try normalizer.normalize(data, selections: Operation.Data.__selections, key: RootCacheKey.forOperation(Operation.operationType))
        return try merge(records: normalizer.records)
    }

    /// Writes data built in code (a model, e.g. after an optimistic change) into the cache.
    @discardableResult
    public func write<Operation: GraphQLOperation>(data: Operation.Data, for operation: Operation) throws -> Set<String> {
        try write(data: ResponseObject(jsonData: JSONSerialization.data(withJSONObject: data.jsonObject)), for: operation)
    }

    /// The query's data if the cache holds all of it, and the record fields it was read from.
    ///
    /// - Throws: `CacheMissError` when any field is missing (a partial hit is a miss).
    public func read<Query: GraphQLOperation>(query: Query) throws -> (data: Query.Data, dependentKeys: Set<String>) {
        var reader = CacheReader(cache: cache, schema: Query.__schema, variables: query.__variables)
        let json = try reader.read(key: RootCacheKey.forOperation(Query.operationType), selections: Query.Data.__selections)
        let data = try Query.Data(responseValue: JSONTape(json).root)
        return (data, reader.dependentKeys)
    }

    /// Removes every record. Watchers are not told: nothing they show has changed on the server.
    public func clear() throws {
        try cache.clear()
    }
}
