import Foundation
import OrionAPI

/// A query's data as the cache holds it, rebuilt from records into JSON that the generated
/// models decode, the same path as a server response takes. A field the cache lacks makes the
/// whole read a miss: a partial hit is a miss.
struct CacheReader {
    /// Where records come from: the cache, or the cache with a transaction's pending writes.
    let records: (Set<CacheKey>) throws -> [CacheKey: Record]
    let schema: any SchemaMetadata.Type
    let variables: [String: JSONValue]
    /// Fields that expire before this are stale.
    let now = Date()
    /// Every record read: what a watcher depends on.
    private(set) var dependentKeys: Set<String> = []
    private var loaded: [CacheKey: Record] = [:]

    init(records: @escaping (Set<CacheKey>) throws -> [CacheKey: Record], schema: any SchemaMetadata.Type, variables: [String: JSONValue]) {
        self.records = records
        self.schema = schema
        self.variables = variables
    }

    mutating func read(key: CacheKey, selections: [Selection]) throws -> JSONValue {
        guard let record = try record(key) else { throw CacheMissError(key: key, field: nil) }
        var object: [String: JSONValue] = [:]
        try read(record, selections: selections, into: &object)
        return .object(object)
    }

    private mutating func record(_ key: CacheKey) throws -> Record? {
        if let record = loaded[key] { return record }
        let record = try records([key])[key]
        loaded[key] = record
        return record
    }

    private mutating func read(_ record: Record, selections: [Selection], into object: inout [String: JSONValue]) throws {
        var typename: String?
        if case .value(.string(let name))? = record.fields["__typename"] { typename = name }
        for selection in selections {
            switch selection {
            case .field(let field):
                if let condition = field.condition, !condition.evaluate(with: variables) { continue }
                let fieldKey = CacheFieldKey.make(field, variables: variables)
                dependentKeys.insert(record.key + "." + fieldKey)
                guard let value = record.fields[fieldKey] else { throw CacheMissError(key: record.key, field: fieldKey) }
                if !record.expirations.isEmpty, let expiry = record.expirations[fieldKey], expiry <= now {
                    throw CacheMissError(key: record.key, field: fieldKey, staleSince: expiry)
                }
                let read = try self.read(value, type: field.type)
                object[field.responseKey] = object[field.responseKey].map { Self.merge($0, read) } ?? read
            case .inlineFragment(let type, let condition):
                try include(type, condition: condition, typename: typename, record: record, into: &object)
            case .fragment(let type, let condition):
                try include(type, condition: condition, typename: typename, record: record, into: &object)
            }
        }
    }

    /// Two reads of the same field (by a selection set and a fragment) with different
    /// sub-selections, combined.
    static func merge(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        switch (first, second) {
        case (.object(let a), .object(let b)):
            return .object(a.merging(b) { merge($0, $1) })
        case (.list(let a), .list(let b)) where a.count == b.count:
            return .list(zip(a, b).map { merge($0, $1) })
        default:
            return first
        }
    }

    private mutating func include(
        _ type: any SelectionSet.Type, condition: InclusionCondition?, typename: String?, record: Record,
        into object: inout [String: JSONValue]
    ) throws {
        if let condition, !condition.evaluate(with: variables) { return }
        if let typename, !type.__parentType.isSatisfied(byTypename: typename, in: schema) { return }
        try read(record, selections: type.__selections, into: &object)
    }

    private mutating func read(_ value: RecordValue, type: FieldType) throws -> JSONValue {
        switch value {
        case .value(let json):
            return json
        case .list(let elements):
            var inner = type
            while case .nonNull(let wrapped) = inner { inner = wrapped }
            guard case .list(let elementType) = inner else { return .list([]) }
            return .list(try elements.map { try read($0, type: elementType) })
        case .reference(let key):
            var inner = type
            while true {
                switch inner {
                case .nonNull(let wrapped), .list(let wrapped): inner = wrapped
                case .object(let selectionSet): return try read(key: key, selections: selectionSet.__selections)
                case .scalar: return .null
                }
            }
        }
    }
}

/// The cache lacks a record or field the operation needs, or holds it only stale.
public struct CacheMissError: Error, Sendable, CustomStringConvertible {
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
