import OrionAPI

/// A cache key: `Launch:92` for an object with key fields, `QUERY_ROOT.launch(id:92)` for one
/// identified by its path.
public typealias CacheKey = String

/// A normalized object: its fields by field key (`missionPatch(size:SMALL)`), each a value or a
/// reference to another record.
public struct Record: Sendable, Hashable {
    public var key: CacheKey
    public var fields: [String: RecordValue]

    public init(key: CacheKey, fields: [String: RecordValue] = [:]) {
        self.key = key
        self.fields = fields
    }
}

/// A field's value in a record.
public indirect enum RecordValue: Sendable, Hashable {
    /// A scalar, an enum value or null, as the server sent it.
    case value(JSONValue)
    /// An object, stored as its own record.
    case reference(CacheKey)
    case list([RecordValue])
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
