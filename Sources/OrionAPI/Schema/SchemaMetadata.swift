/// An object type of the schema.
///
/// A class, as ``InterfaceType`` and ``UnionType`` are: each model's ``ParentType`` and each
/// object the cache writes refer to one, and a reference is copied with one retain where the
/// type's four fields took four (and as many instructions in every generated model's table).
/// Equal, as values are, when their fields are.
public final class ObjectType: Sendable, Hashable {
    /// The type's name: the `__typename` of its objects.
    public let typename: String
    /// The interfaces it implements.
    public let implementedInterfaces: [String]
    /// Fields that identify an object of the type in the cache, from `@typePolicy(keyFields:)`.
    public let keyFields: [String]
    /// Fields whose pages the cache merges into one, from `@fieldPolicy(paginationArgs:)` and
    /// `@typePolicy(connectionFields:)` on the type or its interfaces.
    public let paginatedFields: [PaginatedField]

    public init(typename: String, implementedInterfaces: [String] = [], keyFields: [String] = [], paginatedFields: [PaginatedField] = []) {
        self.typename = typename
        self.implementedInterfaces = implementedInterfaces
        self.keyFields = keyFields
        self.paginatedFields = paginatedFields
    }

    /// The paginated field called `name`, if it is one (linear: a type has few).
    public func paginatedField(_ name: String) -> PaginatedField? {
        paginatedFields.first { $0.name == name }
    }

    public static func == (lhs: ObjectType, rhs: ObjectType) -> Bool {
        lhs === rhs || (lhs.typename == rhs.typename && lhs.implementedInterfaces == rhs.implementedInterfaces
            && lhs.keyFields == rhs.keyFields && lhs.paginatedFields == rhs.paginatedFields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(typename)
    }
}

/// An interface of the schema (a class, for the reason given on ``ObjectType``).
public final class InterfaceType: Sendable, Hashable {
    public let name: String
    /// The object types that implement it, directly or through other interfaces.
    public let possibleTypes: [String]
    public let keyFields: [String]

    public init(name: String, possibleTypes: [String], keyFields: [String] = []) {
        self.name = name
        self.possibleTypes = possibleTypes
        self.keyFields = keyFields
    }

    public static func == (lhs: InterfaceType, rhs: InterfaceType) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.possibleTypes == rhs.possibleTypes && lhs.keyFields == rhs.keyFields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}

/// A union of the schema (a class, for the reason given on ``ObjectType``).
public final class UnionType: Sendable, Hashable {
    public let name: String
    public let possibleTypes: [String]

    public init(name: String, possibleTypes: [String]) {
        self.name = name
        self.possibleTypes = possibleTypes
    }

    public static func == (lhs: UnionType, rhs: UnionType) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.possibleTypes == rhs.possibleTypes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}

/// The type a selection set is made on.
public enum ParentType: Sendable, Hashable {
    case object(ObjectType)
    case interface(InterfaceType)
    case union(UnionType)

    /// Whether an object with this `__typename` is of this type (an object type of a newer
    /// server's schema is of none).
    public func isSatisfied(byTypename typename: String) -> Bool {
        switch self {
        case .object(let object): return object.typename == typename
        case .interface(let interface): return interface.possibleTypes.contains(typename)
        case .union(let union): return union.possibleTypes.contains(typename)
        }
    }
}

/// How the cache identifies an object: the key fields' values joined, unique within the type.
public struct CacheKeyInfo: Sendable, Hashable {
    public let id: String
    /// Objects of these types share one key space (e.g. every implementation of an interface).
    public let uniqueKeyGroup: String?

    public init(id: String, uniqueKeyGroup: String? = nil) {
        self.id = id
        self.uniqueKeyGroup = uniqueKeyGroup
    }
}

/// The generated description of a schema: its object types by `__typename`, and the cache-key
/// hook.
public protocol SchemaMetadata: Sendable {
    /// The object type with this `__typename`, or `nil` for one this code was not generated for
    /// (a newer server's).
    static func objectType(forTypename typename: String) -> ObjectType?

    /// The cache key of an object, from the schema configuration (which regeneration never
    /// overwrites); `nil` to use key fields or the path. Read what the key needs from `object`,
    /// e.g. `try? object.field("id", as: String.self)`.
    static func cacheKeyInfo(for type: ObjectType, object: ResponseObject) -> CacheKeyInfo?
}

extension SchemaMetadata {
    public static func cacheKeyInfo(for type: ObjectType, object: ResponseObject) -> CacheKeyInfo? { nil }
}

/// A user's hooks into the generated schema, in a file that code generation writes once and
/// never overwrites.
public protocol SchemaConfiguration {
    /// The cache key of an object, or `nil` to use `@typePolicy` key fields or the path.
    static func cacheKeyInfo(for type: ObjectType, object: ResponseObject) -> CacheKeyInfo?
}
