/// A parsed GraphQL document: executable definitions, type-system definitions, or both.
public struct Document: Hashable, Sendable {
    public var definitions: [Definition]
    public var location: Location?
    /// The text the document was parsed from, which its nodes' locations point into; `nil` for
    /// a document built in code.
    public var source: Source?

    public init(definitions: [Definition], location: Location? = nil, source: Source? = nil) {
        self.definitions = definitions
        self.location = location
        self.source = source
    }

    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.definitions == rhs.definitions && lhs.location == rhs.location && lhs.source === rhs.source
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(definitions)
        hasher.combine(location)
        hasher.combine(source?.id)
    }
}

/// A top-level definition.
public enum Definition: Hashable, Sendable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case schema(SchemaDefinition)
    case type(TypeDefinition)
    case directive(DirectiveDefinition)
    case schemaExtension(SchemaExtension)
    case typeExtension(TypeExtension)
    case directiveExtension(DirectiveExtension)

    /// Whether this definition may appear in an executable document (an operation or fragment).
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }

    public var location: Location? {
        switch self {
        case .operation(let node): node.location
        case .fragment(let node): node.location
        case .schema(let node): node.location
        case .type(let node): node.location
        case .directive(let node): node.location
        case .schemaExtension(let node): node.location
        case .typeExtension(let node): node.location
        case .directiveExtension(let node): node.location
        }
    }
}

/// A name: of a field, type, argument, fragment, directive, variable or enum value.
public struct Name: Hashable, Sendable, CustomStringConvertible {
    public var value: String
    public var location: Location?

    public init(_ value: String, location: Location? = nil) {
        self.value = value
        self.location = location
    }

    public var description: String { value }
}
