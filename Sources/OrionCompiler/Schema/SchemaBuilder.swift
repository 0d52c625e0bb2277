import GraphQLLanguage

extension Schema {
    /// Builds a schema from SDL files: their definitions and extensions merged, with the
    /// built-in scalars, directives and introspection types added, then checked by the spec's
    /// type-system rules.
    ///
    /// - Throws: `SchemaError` with every syntax error and every problem found, each located.
    public static func build(sdl sources: [Source]) throws(SchemaError) -> Schema {
        var documents: [Document] = []
        var errors: [GraphQLError] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source, options: ParseOptions(mode: .typeSystemOnly)))
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw SchemaError(errors) }
        return try build(sdl: documents)
    }

    /// Builds a schema from parsed SDL documents; see `build(sdl:)`.
    public static func build(sdl documents: [Document]) throws(SchemaError) -> Schema {
        var builder = SchemaBuilder()
        builder.add(BuiltIns.document, isBuiltIn: true)
        // Directives a `@link` imports are known as the built-in client directives are.
        builder.nullabilityImports = Nullability.imports(in: documents)
        if let nullability = Nullability.document(importing: builder.nullabilityImports) { builder.add(nullability, isBuiltIn: true) }
        for document in documents { builder.add(document, isBuiltIn: false) }
        let schema = builder.finish()
        var validator = SchemaValidator(schema: schema)
        let errors = builder.errors + validator.validate()
        // The nodes blamed know only their source's id: the errors keep the sources to print them.
        let sources = ([BuiltIns.document] + documents).compactMap(\.source)
        guard errors.isEmpty else { throw SchemaError(errors.map { $0.locating(in: sources) }) }
        return schema
    }
}

/// Merges definitions and extensions into schema types.
///
/// A. Type and directive definitions are collected by name; a second definition of a name is an
///    error naming both places (a user's declaration of a built-in scalar or of a client
///    directive replaces the built-in one instead).
/// B. Extensions are applied after all definitions, so an extension may come before its type.
/// C. Fields, arguments, enum values and input fields are checked for duplicates as they merge,
///    so a field defined twice, in a definition or across an extension, is reported with both.
struct SchemaBuilder {
    private(set) var errors: [GraphQLError] = []
    private var types: [String: SchemaType] = [:]
    private var typeOrder: [String] = []
    private var builtInTypeNames: Set<String> = []
    private var directives: [String: SchemaDirective] = [:]
    private var directiveOrder: [String] = []
    private var builtInDirectiveNames: Set<String> = []
    private var schemaDefinition: SchemaDefinition?
    private var schemaExtensions: [SchemaExtension] = []
    private var typeExtensions: [TypeExtension] = []
    private var directiveExtensions: [DirectiveExtension] = []
    var nullabilityImports: Set<String> = []

    mutating func add(_ document: Document, isBuiltIn: Bool) {
        for definition in document.definitions {
            switch definition {
            case .type(let node):
                addType(node, isBuiltIn: isBuiltIn)
            case .directive(let node):
                addDirective(node, isBuiltIn: isBuiltIn)
            case .schema(let node):
                if let first = schemaDefinition {
                    errors.append(GraphQLError("Must provide only one schema definition.", nodes: [first.location, node.location]))
                    for operationType in node.operationTypes {
                        if let earlier = first.operationTypes.first(where: { $0.operation == operationType.operation }) {
                            errors.append(GraphQLError(
                                "There can be only one \(operationType.operation.rawValue) type in schema.",
                                nodes: [earlier.location, operationType.location]))
                        }
                    }
                } else {
                    schemaDefinition = node
                }
            case .schemaExtension(let node):
                schemaExtensions.append(node)
            case .typeExtension(let node):
                typeExtensions.append(node)
            case .directiveExtension(let node):
                directiveExtensions.append(node)
            case .operation(let node):
                errors.append(GraphQLError("The \(node.operation.rawValue) definition is not executable in a schema.", nodes: [node.location]))
            case .fragment(let node):
                errors.append(GraphQLError("The '\(node.name.value)' definition is not executable in a schema.", nodes: [node.location]))
            }
        }
    }

    // A

    private mutating func addType(_ node: TypeDefinition, isBuiltIn: Bool) {
        let name = node.name.value
        if let existing = types[name] {
            if builtInTypeNames.contains(name), BuiltIns.scalarNames.contains(name), node.kind == .scalar {
                return  // Declaring a built-in scalar again in SDL is harmless.
            }
            errors.append(GraphQLError(
                "There can be only one type named '\(name)'.", nodes: [existing.locations.first, node.name.location]))
            return
        }
        var type = SchemaType(
            kind: node.kind, name: name, description: node.description?.value, appliedDirectives: node.directives,
            locations: node.name.location.map { [$0] } ?? [], isBuiltIn: isBuiltIn)
        type.definitionLocations = node.location.map { [$0] } ?? []
        merge(into: &type, interfaces: node.interfaces, directives: [], fields: node.fields, members: node.unionMembers,
              values: node.enumValues, inputFields: node.inputFields)
        types[name] = type
        typeOrder.append(name)
        if isBuiltIn { builtInTypeNames.insert(name) }
    }

    private mutating func addDirective(_ node: DirectiveDefinition, isBuiltIn: Bool) {
        let name = node.name.value
        if let existing = directives[name] {
            if builtInDirectiveNames.contains(name) && !isBuiltIn {
                // The schema's own declaration of a built-in or client directive wins.
                builtInDirectiveNames.remove(name)
                directiveOrder.removeAll { $0 == name }
            } else {
                errors.append(GraphQLError(
                    "There can be only one directive named '@\(name)'.", nodes: [existing.location, node.name.location]))
                return
            }
        }
        let arguments = inputValues(node.arguments, owner: "@\(name)", argumentsOf: true)
        let locations = node.locations.compactMap { DirectiveLocation(rawValue: $0.value) }
        directives[name] = SchemaDirective(
            name: name, description: node.description?.value, arguments: arguments, locations: locations,
            isRepeatable: node.repeatable, location: node.name.location, isBuiltIn: isBuiltIn)
        directiveOrder.append(name)
        if isBuiltIn { builtInDirectiveNames.insert(name) }
    }

    // B, C

    private mutating func merge(
        into type: inout SchemaType, interfaces: [NamedType], directives: [Directive], fields: [FieldDefinition],
        members: [NamedType], values: [EnumValueDefinition], inputFields: [InputValueDefinition]
    ) {
        type.appliedDirectives += directives
        for interface in interfaces {
            if type.interfaceNames.contains(interface.name.value) {
                errors.append(GraphQLError(
                    "Type \(type.name) can only implement \(interface.name.value) once.",
                    nodes: [type.interfaceLocations[interface.name.value], interface.location]))
            } else {
                type.interfaceNames.append(interface.name.value)
                if let location = interface.location { type.interfaceLocations[interface.name.value] = location }
            }
        }
        for field in fields {
            if let existing = type.field(field.name.value) {
                errors.append(GraphQLError(
                    "Field '\(type.name).\(field.name.value)' can only be defined once.",
                    nodes: [existing.location, field.name.location]))
                continue
            }
            type.fields.append(SchemaField(
                name: field.name.value, description: field.description?.value,
                arguments: inputValues(field.arguments, owner: "\(type.name).\(field.name.value)", argumentsOf: true),
                type: field.type, deprecationReason: Self.deprecationReason(field.directives),
                appliedDirectives: field.directives, location: field.name.location))
        }
        for member in members {
            if type.possibleTypeNames.contains(member.name.value) {
                errors.append(GraphQLError(
                    "Union type \(type.name) can only include type \(member.name.value) once.",
                    nodes: [type.memberLocations[member.name.value], member.location]))
            } else {
                type.possibleTypeNames.append(member.name.value)
                if let location = member.location { type.memberLocations[member.name.value] = location }
            }
        }
        for value in values {
            if let existing = type.enumValues.first(where: { $0.name == value.name.value }) {
                errors.append(GraphQLError(
                    "Enum value '\(type.name).\(value.name.value)' can only be defined once.",
                    nodes: [existing.location, value.name.location]))
                continue
            }
            type.enumValues.append(SchemaEnumValue(
                name: value.name.value, description: value.description?.value,
                deprecationReason: Self.deprecationReason(value.directives), location: value.name.location))
        }
        for field in inputValues(inputFields, owner: type.name, argumentsOf: false) {
            if let existing = type.inputField(field.name) {
                errors.append(GraphQLError(
                    "Field '\(type.name).\(field.name)' can only be defined once.", nodes: [existing.location, field.location]))
                continue
            }
            type.inputFields.append(field)
        }
        type.isOneOf = type.isOneOf || directives.contains { $0.name.value == "oneOf" }
            || type.appliedDirectives.contains { $0.name.value == "oneOf" }
        if type.kind == .scalar, let url = Self.stringArgument("url", of: "specifiedBy", in: type.appliedDirectives) {
            type.specifiedByURL = url
        }
    }

    private mutating func inputValues(_ nodes: [InputValueDefinition], owner: String, argumentsOf: Bool) -> [SchemaInputValue] {
        var values: [SchemaInputValue] = []
        for node in nodes {
            if let existing = values.first(where: { $0.name == node.name.value }) {
                let message = argumentsOf
                    ? "Argument '\(owner)(\(node.name.value):)' can only be defined once."
                    : "Field '\(owner).\(node.name.value)' can only be defined once."
                errors.append(GraphQLError(message, nodes: [existing.location, node.name.location]))
                continue
            }
            values.append(SchemaInputValue(
                name: node.name.value, description: node.description?.value, type: node.type,
                defaultValue: node.defaultValue, deprecationReason: Self.deprecationReason(node.directives),
                appliedDirectives: node.directives, location: node.name.location))
        }
        return values
    }

    mutating func finish() -> Schema {
        for extensionNode in typeExtensions {
            let name = extensionNode.name.value
            guard var type = types[name] else {
                errors.append(GraphQLError("Cannot extend type '\(name)' because it is not defined.", nodes: [extensionNode.name.location]))
                continue
            }
            guard type.kind == extensionNode.kind else {
                errors.append(GraphQLError(
                    "Cannot extend non-\(Self.kindWord(extensionNode.kind)) type '\(name)'.",
                    nodes: [type.locations.first, extensionNode.location]))
                continue
            }
            merge(into: &type, interfaces: extensionNode.interfaces, directives: extensionNode.directives,
                  fields: extensionNode.fields, members: extensionNode.unionMembers, values: extensionNode.enumValues,
                  inputFields: extensionNode.inputFields)
            if let location = extensionNode.name.location { type.locations.append(location) }
            if let location = extensionNode.location { type.definitionLocations.append(location) }
            types[name] = type
        }
        for extensionNode in directiveExtensions where directives[extensionNode.name.value] == nil {
            errors.append(GraphQLError(
                "Cannot extend directive '@\(extensionNode.name.value)' because it is not defined.",
                nodes: [extensionNode.name.location]))
        }

        var roots: [OperationType: String] = [:]
        var rootLocations: [OperationType: Location] = [:]
        if let schemaDefinition {
            for operationType in schemaDefinition.operationTypes {
                roots[operationType.operation] = operationType.type.name.value
                rootLocations[operationType.operation] = operationType.type.location
            }
        } else {
            for operation in OperationType.allCases {
                let name = operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
                if types[name] != nil { roots[operation] = name }
            }
        }
        for extensionNode in schemaExtensions {
            for operationType in extensionNode.operationTypes {
                if roots[operationType.operation] != nil {
                    errors.append(GraphQLError(
                        "Type for \(operationType.operation.rawValue) already defined in the schema. It cannot be redefined.",
                        nodes: [operationType.location]))
                } else {
                    roots[operationType.operation] = operationType.type.name.value
                    rootLocations[operationType.operation] = operationType.type.location
                }
            }
        }

        // User types first, in definition order, then the built-ins.
        let userTypes = typeOrder.filter { !builtInTypeNames.contains($0) }
        let orderedTypes = (userTypes + typeOrder.filter { builtInTypeNames.contains($0) }).compactMap { types[$0] }
        let userDirectives = directiveOrder.filter { !builtInDirectiveNames.contains($0) }
        let orderedDirectives = (userDirectives + directiveOrder.filter { builtInDirectiveNames.contains($0) }).compactMap { directives[$0] }
        return Schema(
            types: orderedTypes, directives: orderedDirectives, queryTypeName: roots[.query],
            mutationTypeName: roots[.mutation], subscriptionTypeName: roots[.subscription],
            description: schemaDefinition?.description?.value,
            definitionLocations: schemaDefinition.flatMap(\.location).map { [$0] } ?? [], rootTypeLocations: rootLocations,
            schemaDirectives: (schemaDefinition?.directives ?? []) + schemaExtensions.flatMap(\.directives),
            nullabilityImports: nullabilityImports)
    }

    static func deprecationReason(_ directives: [Directive]) -> String? {
        guard let deprecated = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        return stringArgument("reason", of: "deprecated", in: [deprecated]) ?? "No longer supported"
    }

    static func stringArgument(_ argument: String, of directive: String, in directives: [Directive]) -> String? {
        for node in directives where node.name.value == directive {
            for candidate in node.arguments where candidate.name.value == argument {
                if case .string(let string) = candidate.value { return string.value }
            }
        }
        return nil
    }

    static func kindWord(_ kind: TypeKind) -> String {
        switch kind {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enum: "enum"
        case .inputObject: "input object"
        }
    }
}
