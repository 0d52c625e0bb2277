import Foundation
import OrionAPI

/// A query's data as the cache holds it, written from records straight into the tape that the
/// generated models decode: the same input a server response gives them. A field the cache
/// lacks makes the whole read a miss: a partial hit is a miss.
struct CacheReader {
    /// Where records come from: the cache, or the cache with a transaction's pending writes.
    let loadRecord: (CacheKey) throws -> Record?
    let variables: [String: JSONValue]
    /// Whether to note every field read, for a watcher.
    let tracksDependencies: Bool
    /// Fields that expire at or before this are stale.
    let now: Date
    /// Every record field read, when tracked: what a watcher depends on.
    private(set) var dependencies: [CacheField] = []
    private var tape = JSONTape.Builder()

    init(
        loadRecord: @escaping (CacheKey) throws -> Record?, variables: [String: JSONValue], now: Date,
        tracksDependencies: Bool
    ) {
        self.loadRecord = loadRecord
        self.variables = variables
        self.now = now
        self.tracksDependencies = tracksDependencies
    }

    /// The tape of `Model`'s data at the record `key`.
    mutating func read<Model: SelectionSet>(_ model: Model.Type, key: CacheKey) throws -> JSONTape {
        try readObject(key, Model.__selections, more: [])
        return JSONTape(tape)
    }

    /// A field of an object and, when the selections name its response key more than once, the
    /// sub-selections of the repeats, which are read together with its own.
    private struct CollectedField {
        let field: Selection.Field
        var more: [[Selection]] = []
    }

    /// Writes the object at `key`: the fields of `selections` and of `more`, each response key
    /// once (a field selected by a selection set and again by a fragment is read once, with
    /// both sub-selections).
    private mutating func readObject(_ key: CacheKey, _ selections: [Selection], more: [[Selection]]) throws {
        guard let record = try loadRecord(key) else { throw CacheMissError(key: key, field: nil) }
        let typename = record.typename
        var fields: [CollectedField] = []
        for selections in CollectionOfOne(selections) + more {
            selections.forEachField(typename: typename, variables: variables) { field in
                let responseKey = field.responseKey
                if let index = fields.firstIndex(where: { $0.field.responseKey == responseKey }) {
                    if let selectionSet = field.type.selectionSet { fields[index].more.append(selectionSet.__selections) }
                } else {
                    fields.append(CollectedField(field: field))
                }
            }
        }
        let object = tape.beginObject()
        for collected in fields {
            let field = collected.field
            let fieldKey = CacheFieldKey.make(field, variables: variables)
            if tracksDependencies { dependencies.append(CacheField(key: key, field: fieldKey)) }
            guard let value = record.fields[fieldKey] else { throw CacheMissError(key: key, field: fieldKey) }
            if !record.expirations.isEmpty, let expiry = record.expirations[fieldKey], expiry <= now {
                throw CacheMissError(key: key, field: fieldKey, staleSince: expiry)
            }
            tape.appendString(field.responseKey)
            try write(value, type: field.type, more: collected.more)
        }
        tape.end(object, count: fields.count)
    }

    private mutating func write(_ value: RecordValue, type: FieldType, more: [[Selection]]) throws {
        switch value {
        case .value(let json):
            tape.append(json)
        case .list(let elements):
            let list = tape.beginList()
            guard case .list(let elementType) = type.withoutNonNull else { return tape.end(list, count: 0) }
            for element in elements { try write(element, type: elementType, more: more) }
            tape.end(list, count: elements.count)
        case .reference(let key):
            guard let selectionSet = type.selectionSet else { return tape.append(.null) }
            try readObject(key, selectionSet.__selections, more: more)
        }
    }
}

/// The cache lacks a record or field the operation needs, or holds it only stale.
public struct CacheMissError: Error, Sendable, OrionError {
    public var key: CacheKey
    public var field: String?
    /// When the field went stale, if it is there but expired.
    public var staleSince: Date?

    public init(key: CacheKey, field: String?, staleSince: Date? = nil) {
        self.key = key
        self.field = field
        self.staleSince = staleSince
    }

    public var description: String {
        guard let field else { return "The cache has no record \(key)." }
        if let staleSince { return "The cache's \(field) for \(key) went stale at \(staleSince): fetch it from the server." }
        return "The cache has no \(field) for \(key)."
    }
}
