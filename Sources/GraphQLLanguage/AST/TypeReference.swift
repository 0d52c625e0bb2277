/// A type as written in a field, argument or variable definition: `Name`, `[T]` or `T!`.
public enum TypeReference: Hashable, Sendable, CustomStringConvertible {
    case named(NamedType)
    // Only the wrappers are boxed: most references are a bare name and need no allocation.
    indirect case list(TypeReference, location: Location?)
    indirect case nonNull(TypeReference, location: Location?)

    public var location: Location? {
        switch self {
        case .named(let node): node.location
        case .list(_, let location), .nonNull(_, let location): location
        }
    }

    /// The named type at the core of list and non-null wrappers.
    public var namedType: NamedType {
        switch self {
        case .named(let node): node
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }

    /// The type as GraphQL writes it: `[String!]!`.
    public var description: String {
        switch self {
        case .named(let node): node.name.value
        case .list(let inner, _): "[\(inner)]"
        case .nonNull(let inner, _): "\(inner)!"
        }
    }
}

/// A reference to a type by name.
public struct NamedType: Hashable, Sendable {
    public var name: Name
    public var location: Location?

    public init(name: Name, location: Location? = nil) {
        self.name = name
        self.location = location
    }
}
