import GraphQLLanguage

/// A checked GraphQL schema: its named types, its directives and its root operation types.
///
/// Built once (from SDL with `SchemaBuilder`, or from introspection JSON) and then only read,
/// by validation, the IR builder and code generation, from any thread. Types refer to each
/// other by name, the way SDL and introspection do, so a schema is plain data with no cycles.
public final class Schema: Sendable {
    /// Every named type by name, built-in scalars and introspection types included.
    public let types: [String: SchemaType]
    /// Type names in definition order (built-ins last), for deterministic output.
    public let typeNames: [String]
    /// Every directive by name, built-in and client directives included.
    public let directives: [String: SchemaDirective]
    /// Directive names in definition order (built-ins last).
    public let directiveNames: [String]
    public let queryTypeName: String?
    public let mutationTypeName: String?
    public let subscriptionTypeName: String?
    public let description: String?
    /// Where the `schema { }` definition is, if the SDL has one.
    public let definitionLocations: [Location]
    /// Where the schema definition (or an extension) names each root type.
    public let rootTypeLocations: [OperationType: Location]
    /// For each abstract type (interface or union), the object types that implement it or
    /// belong to it, in definition order.
    public let possibleTypeNames: [String: [String]]
    /// For each interface, the interfaces and objects that declare it directly.
    public let implementations: [String: [String]]
    /// The directives applied to the schema definition and its extensions (`@link`,
    /// `@catchByDefault`).
    public let schemaDirectives: [Directive]
    /// The names a `@link` imports from the nullability spec (``Nullability``): `@catch`...
    public let nullabilityImports: Set<String>
    /// The built-in scalars some field, argument or input field uses.
    let usedBuiltInScalars: Set<String>

    public init(
        types: [SchemaType], directives: [SchemaDirective], queryTypeName: String?, mutationTypeName: String?,
        subscriptionTypeName: String?, description: String? = nil, definitionLocations: [Location] = [],
        rootTypeLocations: [OperationType: Location] = [:], schemaDirectives: [Directive] = [], nullabilityImports: Set<String> = []
    ) {
        self.rootTypeLocations = rootTypeLocations
        self.schemaDirectives = schemaDirectives
        self.nullabilityImports = nullabilityImports
        var byName: [String: SchemaType] = [:]
        for type in types where byName[type.name] == nil { byName[type.name] = type }
        self.types = byName
        self.typeNames = types.map(\.name).filter { byName[$0] != nil }.uniqued()
        var directivesByName: [String: SchemaDirective] = [:]
        for directive in directives where directivesByName[directive.name] == nil { directivesByName[directive.name] = directive }
        self.directives = directivesByName
        self.directiveNames = directives.map(\.name).uniqued()
        self.queryTypeName = queryTypeName
        self.mutationTypeName = mutationTypeName
        self.subscriptionTypeName = subscriptionTypeName
        self.description = description
        self.definitionLocations = definitionLocations

        var possible: [String: [String]] = [:]
        var implementations: [String: [String]] = [:]
        for name in typeNames {
            guard let type = byName[name] else { continue }
            switch type.kind {
            case .union:
                possible[name, default: []] += type.possibleTypeNames
            case .object:
                for interface in type.interfaceNames { possible[interface, default: []].append(name) }
                for interface in type.interfaceNames { implementations[interface, default: []].append(name) }
            case .interface:
                for interface in type.interfaceNames { implementations[interface, default: []].append(name) }
            default:
                break
            }
        }
        self.possibleTypeNames = possible
        self.implementations = implementations

        var used: Set<String> = []
        for type in byName.values {
            for field in type.fields {
                used.insert(field.type.namedType.name.value)
                for argument in field.arguments { used.insert(argument.type.namedType.name.value) }
            }
            for field in type.inputFields { used.insert(field.type.namedType.name.value) }
        }
        for directive in directivesByName.values
        where !(directive.isBuiltIn && (BuiltIns.clientDirectiveNames.contains(directive.name) || nullabilityImports.contains("@" + directive.name))) {
            for argument in directive.arguments { used.insert(argument.type.namedType.name.value) }
        }
        self.usedBuiltInScalars = used.intersection(BuiltIns.scalarNames)
    }

    /// The named type called `name`.
    public subscript(name: String) -> SchemaType? { types[name] }

    /// The root type of an operation type, if the schema has one.
    public func rootType(for operation: OperationType) -> SchemaType? {
        let name: String? = switch operation {
        case .query: queryTypeName
        case .mutation: mutationTypeName
        case .subscription: subscriptionTypeName
        }
        return name.flatMap { types[$0] }
    }

    /// The named type at the core of a type reference.
    public func namedType(_ reference: TypeReference) -> SchemaType? {
        types[reference.namedType.name.value]
    }

    /// Whether `possible` is a possible type of the abstract type `abstract`, or the same type.
    public func isPossibleType(_ possible: String, of abstract: String) -> Bool {
        possible == abstract || (possibleTypeNames[abstract]?.contains(possible) ?? false)
    }

    /// Whether `subtype` is `supertype`, implements it, or belongs to it (a union member).
    public func isSubType(_ subtype: String, of supertype: String) -> Bool {
        if subtype == supertype { return true }
        guard let superType = types[supertype] else { return false }
        switch superType.kind {
        case .union: return superType.possibleTypeNames.contains(subtype)
        case .interface: return types[subtype]?.interfaceNames.contains(supertype) ?? false
        default: return false
        }
    }

    /// Whether two composite types can have an object type in common.
    public func typesOverlap(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        let firstPossible = possibleObjectTypes(first)
        let secondPossible = Set(possibleObjectTypes(second))
        return firstPossible.contains { secondPossible.contains($0) }
    }

    /// The object types a value of the named type can be: itself for an object type.
    public func possibleObjectTypes(_ name: String) -> [String] {
        guard let type = types[name] else { return [] }
        return type.kind == .object ? [name] : (possibleTypeNames[name] ?? [])
    }
}

/// A named type of a schema. One struct for every kind, as in the AST; parts a kind does not
/// have are empty.
public struct SchemaType: Sendable, Hashable {
    public var kind: TypeKind
    public var name: String
    public var description: String?
    /// Fields of an object or interface, in definition order (extensions' after).
    public var fields: [SchemaField]
    /// Interfaces an object or interface implements.
    public var interfaceNames: [String]
    /// Member types of a union.
    public var possibleTypeNames: [String]
    /// Values of an enum.
    public var enumValues: [SchemaEnumValue]
    /// Fields of an input object.
    public var inputFields: [SchemaInputValue]
    /// `@specifiedBy(url:)` of a custom scalar.
    public var specifiedByURL: String?
    /// Whether an input object is `@oneOf`.
    public var isOneOf: Bool
    /// Directives applied to the definition and its extensions (e.g. `@typePolicy`).
    public var appliedDirectives: [Directive]
    /// Where its name is defined (none for built-ins and introspection), then its extensions'.
    public var locations: [Location]
    /// Its definition and extensions, whole (errors about the type as a whole point here).
    public var definitionLocations: [Location] = []
    /// Where each interface is named in its `implements` lists.
    public var interfaceLocations: [String: Location] = [:]
    /// Where each member of a union is named.
    public var memberLocations: [String: Location] = [:]
    /// Whether it is a built-in scalar or introspection type.
    public var isBuiltIn: Bool

    public init(
        kind: TypeKind, name: String, description: String? = nil, fields: [SchemaField] = [],
        interfaceNames: [String] = [], possibleTypeNames: [String] = [], enumValues: [SchemaEnumValue] = [],
        inputFields: [SchemaInputValue] = [], specifiedByURL: String? = nil, isOneOf: Bool = false,
        appliedDirectives: [Directive] = [], locations: [Location] = [], isBuiltIn: Bool = false
    ) {
        self.kind = kind
        self.name = name
        self.description = description
        self.fields = fields
        self.interfaceNames = interfaceNames
        self.possibleTypeNames = possibleTypeNames
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.specifiedByURL = specifiedByURL
        self.isOneOf = isOneOf
        self.appliedDirectives = appliedDirectives
        self.locations = locations
        self.isBuiltIn = isBuiltIn
    }

    /// The field called `name` (linear: types have few fields, and lookups are by the IR's
    /// builder once per selection).
    public func field(_ name: String) -> SchemaField? { fields.first { $0.name == name } }

    /// The input field called `name`.
    public func inputField(_ name: String) -> SchemaInputValue? { inputFields.first { $0.name == name } }

    /// Whether values of this type can have selections: object, interface or union.
    public var isComposite: Bool { kind == .object || kind == .interface || kind == .union }
    /// Whether it is an interface or a union.
    public var isAbstract: Bool { kind == .interface || kind == .union }
    /// Whether it is a scalar or an enum.
    public var isLeaf: Bool { kind == .scalar || kind == .enum }
    /// Whether it can be the type of an argument, variable or input field.
    public var isInputType: Bool { kind == .scalar || kind == .enum || kind == .inputObject }
    /// Whether it can be the type of a field.
    public var isOutputType: Bool { kind != .inputObject }
}

/// A field of an object or interface type.
public struct SchemaField: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var arguments: [SchemaInputValue]
    public var type: TypeReference
    public var deprecationReason: String?
    public var appliedDirectives: [Directive]
    public var location: Location?

    public init(
        name: String, description: String? = nil, arguments: [SchemaInputValue] = [], type: TypeReference,
        deprecationReason: String? = nil, appliedDirectives: [Directive] = [], location: Location? = nil
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.appliedDirectives = appliedDirectives
        self.location = location
    }

    public var isDeprecated: Bool { deprecationReason != nil }

    public func argument(_ name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}

/// An argument of a field or directive, or a field of an input object.
public struct SchemaInputValue: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var type: TypeReference
    /// The default value as a (constant) value literal.
    public var defaultValue: Value?
    public var deprecationReason: String?
    public var appliedDirectives: [Directive]
    public var location: Location?

    public init(
        name: String, description: String? = nil, type: TypeReference, defaultValue: Value? = nil,
        deprecationReason: String? = nil, appliedDirectives: [Directive] = [], location: Location? = nil
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.appliedDirectives = appliedDirectives
        self.location = location
    }

    /// Required: non-null and without a default value.
    public var isRequired: Bool {
        if case .nonNull = type, defaultValue == nil { return true }
        return false
    }
}

/// A value of an enum type.
public struct SchemaEnumValue: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var deprecationReason: String?
    public var location: Location?

    public init(name: String, description: String? = nil, deprecationReason: String? = nil, location: Location? = nil) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.location = location
    }
}

/// A directive a schema declares, or a built-in one.
public struct SchemaDirective: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var arguments: [SchemaInputValue]
    public var locations: [DirectiveLocation]
    public var isRepeatable: Bool
    public var location: Location?
    public var isBuiltIn: Bool

    public init(
        name: String, description: String? = nil, arguments: [SchemaInputValue] = [],
        locations: [DirectiveLocation], isRepeatable: Bool = false, location: Location? = nil, isBuiltIn: Bool = false
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.locations = locations
        self.isRepeatable = isRepeatable
        self.location = location
        self.isBuiltIn = isBuiltIn
    }

    public func argument(_ name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}

extension Array where Element: Hashable {
    /// The elements without repeats, in first-seen order.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
