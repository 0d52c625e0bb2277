import Foundation
import OrionAPI

/// A cache key: `Launch:92` for an object with key fields, `QUERY_ROOT.launch(id:92)` for one
/// identified by its path.
public typealias CacheKey = String

/// A normalized object: its fields by field key (`missionPatch(size:SMALL)`), each a value or a
/// reference to another record.
public struct Record: Sendable, Hashable {
    public var key: CacheKey
    public var fields: RecordFields
    /// When fields go stale (by `CacheExpiration` or the response's `Cache-Control: max-age`);
    /// a stale field is a cache miss. Fields without an entry never expire.
    public var expirations: [String: Date]

    public init(key: CacheKey, fields: RecordFields = RecordFields(), expirations: [String: Date] = [String: Date]()) {
        self.key = key
        self.fields = fields
        self.expirations = expirations
    }

    /// The `__typename` the record stores, if any.
    var typename: String? {
        if case .value(.string(let name))? = fields["__typename"] { return name }
        return nil
    }
}

extension Record {
    /// Merges `other`'s fields into this record, adding the fields that changed to `changed`:
    /// what a `NormalizedCache` does in `merge(records:)`.
    ///
    /// - Returns: whether a field changed.
    @discardableResult
    public mutating func merge(_ other: Record, changed: inout ChangedFields) -> Bool {
        // A new record takes the other's fields whole: the common case of a first write.
        if fields.isEmpty && expirations.isEmpty {
            fields = other.fields
            expirations = other.expirations
            changed.append(everyFieldOf: other.fields, at: key)
            return !other.fields.isEmpty
        }
        var anyChanged = false
        for (field, value) in other.fields {
            let old = fields.updateValue(value, forKey: field)
            if old != value {
                changed.append(CacheField(key: key, field: field))
                anyChanged = true
            }
        }
        takeExpirations(for: other.fields, from: other.expirations)
        return anyChanged
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

/// A field's value in a record. Not `indirect`: a list's array already holds its elements out of
/// line, and boxing every value would cost an allocation per field of every record.
public enum RecordValue: Sendable, Hashable {
    /// A scalar, an enum value or null, as the server sent it.
    case value(JSONValue)
    /// An object, stored as its own record.
    case reference(CacheKey)
    case list([RecordValue])

    /// Calls `body` with the key of each record this value refers to.
    func forEachReference(_ body: (CacheKey) -> Void) {
        switch self {
        case .value: return
        case .reference(let key): body(key)
        case .list(let values): for value in values { value.forEachReference(body) }
        }
    }
}

/// The records of each root operation type.
public enum RootCacheKey {
    public static let query: CacheKey = "QUERY_ROOT"
    public static let mutation: CacheKey = "MUTATION_ROOT"
    public static let subscription: CacheKey = "SUBSCRIPTION_ROOT"

    static func forOperation(_ type: GraphQLOperationType) -> CacheKey {
        switch type {
        case .query: return query
        case .mutation: return mutation
        case .subscription: return subscription
        }
    }
}
