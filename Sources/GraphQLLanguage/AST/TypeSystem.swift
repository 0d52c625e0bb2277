// The nodes that have an Optional part besides their location keep their public initializer in
// an extension, so that they also get the memberwise one, which the parser uses: under Swift 6.3
// -O an explicit initializer that assigns such a node field by field builds it on the stack and
// copies it out, a retain and a release of every reference in it, per node.

/// `schema @directives { query: Query mutation: Mutation subscription: Subscription }`.
public struct SchemaDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension SchemaDefinition {
    public init(
        description: StringValue? = nil, directives: [Directive] = [],
        operationTypes: [OperationTypeDefinition], location: Location? = nil
    ) {
        self.init(description: description, directives: directives, operationTypes: operationTypes,
            storedLocation: location)
    }
}

/// `query: Query` inside a schema definition or extension.
public struct OperationTypeDefinition: Hashable, Sendable {
    public var operation: OperationType
    public var type: NamedType
    public var location: Location?

    public init(operation: OperationType, type: NamedType, location: Location? = nil) {
        self.operation = operation
        self.type = type
        self.location = location
    }
}

/// `extend schema @directives { ... }`.
public struct SchemaExtension: Hashable, Sendable {
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var location: Location?

    public init(directives: [Directive] = [], operationTypes: [OperationTypeDefinition] = [], location: Location? = nil) {
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}

/// The kind of a named type definition or extension.
public enum TypeKind: String, Hashable, Sendable, CaseIterable {
    case scalar
    case object = "type"
    case interface
    case union
    case `enum`
    case inputObject = "input"

    /// The keyword that introduces it in SDL.
    public var keyword: String { rawValue }
}

/// A named type definition, of any kind.
///
/// One struct serves every kind: the parts a kind does not have stay empty (a scalar has no
/// fields). That keeps code that walks all types (schema building, printing) a single path.
public struct TypeDefinition: Hashable, Sendable {
    public var kind: TypeKind
    public var description: StringValue?
    public var name: Name
    /// Interfaces an object or interface implements.
    public var interfaces: [NamedType]
    public var directives: [Directive]
    /// Fields of an object or interface.
    public var fields: [FieldDefinition]
    /// Member types of a union.
    public var unionMembers: [NamedType]
    /// Values of an enum.
    public var enumValues: [EnumValueDefinition]
    /// Fields of an input object.
    public var inputFields: [InputValueDefinition]
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension TypeDefinition {
    public init(
        kind: TypeKind, description: StringValue? = nil, name: Name, interfaces: [NamedType] = [],
        directives: [Directive] = [], fields: [FieldDefinition] = [], unionMembers: [NamedType] = [],
        enumValues: [EnumValueDefinition] = [], inputFields: [InputValueDefinition] = [],
        location: Location? = nil
    ) {
        self.init(kind: kind, description: description, name: name, interfaces: interfaces, directives: directives,
            fields: fields, unionMembers: unionMembers, enumValues: enumValues, inputFields: inputFields,
            storedLocation: location)
    }
}

/// `extend type Name ...` and the other type extensions; at least one part is present.
public struct TypeExtension: Hashable, Sendable {
    public var kind: TypeKind
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var unionMembers: [NamedType]
    public var enumValues: [EnumValueDefinition]
    public var inputFields: [InputValueDefinition]
    public var location: Location?

    public init(
        kind: TypeKind, name: Name, interfaces: [NamedType] = [], directives: [Directive] = [],
        fields: [FieldDefinition] = [], unionMembers: [NamedType] = [],
        enumValues: [EnumValueDefinition] = [], inputFields: [InputValueDefinition] = [],
        location: Location? = nil
    ) {
        self.kind = kind
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.unionMembers = unionMembers
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.location = location
    }
}

/// `name(arguments): Type @directives` in an object or interface.
public struct FieldDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension FieldDefinition {
    public init(
        description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
        type: TypeReference, directives: [Directive] = [], location: Location? = nil
    ) {
        self.init(description: description, name: name, arguments: arguments, type: type, directives: directives,
            storedLocation: location)
    }
}

/// An argument definition or an input object field: `name: Type = default @directives`.
public struct InputValueDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension InputValueDefinition {
    public init(
        description: StringValue? = nil, name: Name, type: TypeReference, defaultValue: Value? = nil,
        directives: [Directive] = [], location: Location? = nil
    ) {
        self.init(description: description, name: name, type: type, defaultValue: defaultValue,
            directives: directives, storedLocation: location)
    }
}

/// `NAME @directives` in an enum.
public struct EnumValueDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension EnumValueDefinition {
    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], location: Location? = nil) {
        self.init(description: description, name: name, directives: directives, storedLocation: location)
    }
}

/// `directive @name(arguments) repeatable on LOCATION | ...`.
public struct DirectiveDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    /// Directives applied to the directive definition itself.
    public var directives: [Directive]
    public var repeatable: Bool
    public var locations: [Name]
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension DirectiveDefinition {
    public init(
        description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
        directives: [Directive] = [], repeatable: Bool = false, locations: [Name], location: Location? = nil
    ) {
        self.init(description: description, name: name, arguments: arguments, directives: directives,
            repeatable: repeatable, locations: locations, storedLocation: location)
    }
}

/// `extend directive @name @directives`: adds directives to a directive definition.
public struct DirectiveExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var location: Location?

    public init(name: Name, directives: [Directive], location: Location? = nil) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// The places a directive may be used, as the spec names them.
public enum DirectiveLocation: String, Hashable, Sendable, CaseIterable {
    // Executable locations.
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    /// A variable of a fragment (the fragment-arguments proposal; graphql-js accepts it).
    case fragmentVariableDefinition = "FRAGMENT_VARIABLE_DEFINITION"
    // Type-system locations.
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
    /// A directive definition (for `extend directive`, as graphql-js accepts it).
    case directiveDefinition = "DIRECTIVE_DEFINITION"

    /// Whether the location is in an executable document rather than in the type system.
    public var isExecutable: Bool {
        switch self {
        case .query, .mutation, .subscription, .field, .fragmentDefinition, .fragmentSpread,
             .inlineFragment, .variableDefinition, .fragmentVariableDefinition: true
        default: false
        }
    }
}
