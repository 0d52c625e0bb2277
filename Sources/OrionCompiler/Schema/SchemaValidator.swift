import GraphQLLanguage

/// The spec's type-system rules, checked on a built schema, with graphql-js's messages: root
/// types, names, field and argument types, interface implementation (interfaces of interfaces
/// included), unions, enums, input objects (@oneOf, unbreakable cycles) and the directives the
/// SDL applies.
struct SchemaValidator {
    let schema: Schema
    private var errors: [GraphQLError] = []
    private var typesInReportedCycles: Set<String> = []

    init(schema: Schema) {
        self.schema = schema
    }

    mutating func validate() -> [GraphQLError] {
        validateRootTypes()
        for name in schema.typeNames {
            guard let type = schema[name], !type.isBuiltIn else { continue }
            validateName(type.name, type.definitionLocations.first)
            validateDirectives(type.appliedDirectives, at: Self.location(of: type.kind))
            switch type.kind {
            case .object, .interface:
                validateFields(of: type)
                validateSemanticNonNull(of: type)
                validatePagination(of: type)
                validateInterfaces(of: type)
            case .union:
                validateUnion(type)
            case .enum:
                validateEnum(type)
            case .inputObject:
                validateInputObject(type)
            case .scalar:
                break
            }
        }
        for name in schema.directiveNames {
            guard let directive = schema.directives[name], !directive.isBuiltIn else { continue }
            validateName(name, directive.location)
            for argument in directive.arguments {
                validateInputValueType(argument, description: "@\(name)(\(argument.name):)", isDirectiveArgument: true)
            }
        }
        return errors
    }

    mutating func report(_ message: String, _ locations: Location?...) {
        errors.append(GraphQLError(message, nodes: locations))
    }

    private mutating func validateRootTypes() {
        guard let queryName = schema.queryTypeName else {
            report("Query root type must be provided.", schema.definitionLocations.first)
            return
        }
        for operation in OperationType.allCases {
            let name: String? = switch operation {
            case .query: queryName
            case .mutation: schema.mutationTypeName
            case .subscription: schema.subscriptionTypeName
            }
            guard let name else { continue }
            let title = operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
            guard let type = schema[name] else {
                report("Unknown type '\(name)'.", schema.rootTypeLocations[operation] ?? schema.definitionLocations.first)
                continue
            }
            if type.kind != .object {
                report("\(title) root type must be Object type\(operation == .query ? "" : " if provided"), it cannot be \(name).",
                       schema.rootTypeLocations[operation] ?? type.definitionLocations.first)
            }
        }
    }

    private mutating func validateName(_ name: String, _ location: Location?) {
        if name.hasPrefix("__") {
            report("Name '\(name)' must not begin with '__', which is reserved by GraphQL introspection.", location)
        }
    }

    /// Checks that a referenced type exists, reporting it once per reference.
    private mutating func knownType(_ reference: TypeReference, _ location: Location?) -> SchemaType? {
        let name = reference.namedType.name.value
        guard let type = schema[name] else {
            report("Unknown type '\(name)'.", reference.namedType.location ?? location)
            return nil
        }
        return type
    }

    private mutating func validateFields(of type: SchemaType) {
        if type.fields.isEmpty {
            report("Type \(type.name) must define one or more fields.", type.definitionLocations.first)
        }
        for field in type.fields {
            validateName(field.name, field.location)
            validateDirectives(field.appliedDirectives, at: .fieldDefinition)
            if let fieldType = knownType(field.type, field.location), !fieldType.isOutputType {
                report("The type of \(type.name).\(field.name) must be Output Type but got: \(field.type).", field.type.location)
            }
            for argument in field.arguments {
                validateName(argument.name, argument.location)
                validateDirectives(argument.appliedDirectives, at: .argumentDefinition)
                validateInputValueType(argument, description: "\(type.name).\(field.name)(\(argument.name):)")
            }
        }
    }

    private mutating func validateInputValueType(_ value: SchemaInputValue, description: String, isDirectiveArgument: Bool = false) {
        if let valueType = knownType(value.type, value.location), !valueType.isInputType {
            // graphql-js points at a directive's argument, but at a field argument's type.
            report("The type of \(description) must be Input Type but got: \(value.type).", isDirectiveArgument ? value.location : value.type.location)
        }
        if value.isRequired, value.deprecationReason != nil {
            report("Required argument \(description) cannot be deprecated.", Self.deprecatedDirective(value), value.type.location)
        }
    }

    private static func deprecatedDirective(_ value: SchemaInputValue) -> Location? {
        value.appliedDirectives.first { $0.name.value == "deprecated" }?.location
    }

    private mutating func validateInterfaces(of type: SchemaType) {
        for interfaceName in type.interfaceNames {
            let reference = type.interfaceLocations[interfaceName]
            guard let interface = schema[interfaceName] else {
                report("Unknown type '\(interfaceName)'.", reference ?? type.locations.first)
                continue
            }
            guard interface.kind == .interface else {
                report("Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).", reference ?? type.locations.first)
                continue
            }
            if interfaceName == type.name {
                report("Type \(type.name) cannot implement itself because it would create a circular reference.", reference ?? type.locations.first)
                continue
            }
            for transitive in interface.interfaceNames where !type.interfaceNames.contains(transitive) {
                report(
                    transitive == type.name
                        ? "Type \(type.name) cannot implement \(interfaceName) because it would create a circular reference."
                        : "Type \(type.name) must implement \(transitive) because it is implemented by \(interfaceName).",
                    interface.interfaceLocations[transitive], reference)
            }
            for interfaceField in interface.fields {
                let fieldName = interfaceField.name
                guard let field = type.field(fieldName) else {
                    errors.append(GraphQLError(
                        "Interface field \(interfaceName).\(fieldName) expected but \(type.name) does not provide it.",
                        nodes: [interfaceField.location] + type.definitionLocations))
                    continue
                }
                if !isSubtype(field.type, of: interfaceField.type) {
                    report("Interface field \(interfaceName).\(fieldName) expects type \(interfaceField.type) but \(type.name).\(fieldName) is type \(field.type).",
                           interfaceField.type.location, field.type.location)
                }
                for interfaceArgument in interfaceField.arguments {
                    let argumentName = interfaceArgument.name
                    guard let argument = field.argument(argumentName) else {
                        report("Interface field argument \(interfaceName).\(fieldName)(\(argumentName):) expected but \(type.name).\(fieldName) does not provide it.",
                               interfaceArgument.location, field.location)
                        continue
                    }
                    if argument.type != interfaceArgument.type && argument.type.description != interfaceArgument.type.description {
                        report("Interface field argument \(interfaceName).\(fieldName)(\(argumentName):) expects type \(interfaceArgument.type) but \(type.name).\(fieldName)(\(argumentName):) is type \(argument.type).",
                               interfaceArgument.type.location, argument.type.location)
                    }
                }
                for argument in field.arguments where argument.isRequired && interfaceField.argument(argument.name) == nil {
                    report("Argument '\(type.name).\(fieldName)(\(argument.name):)' must not be required type '\(argument.type)' if not provided by the Interface field '\(interfaceName).\(fieldName)'.",
                           argument.location, interfaceField.location)
                }
            }
        }
    }

    /// Covariance of field types: a subtype's field may narrow the interface's type.
    private func isSubtype(_ candidate: TypeReference, of expected: TypeReference) -> Bool {
        switch (candidate, expected) {
        case (.nonNull(let inner, _), .nonNull(let expectedInner, _)): isSubtype(inner, of: expectedInner)
        case (.nonNull(let inner, _), _): isSubtype(inner, of: expected)
        case (.list(let inner, _), .list(let expectedInner, _)): isSubtype(inner, of: expectedInner)
        case (.named(let name), .named(let expectedName)):
            schema.isSubType(name.name.value, of: expectedName.name.value)
        default: false
        }
    }

    private mutating func validateUnion(_ type: SchemaType) {
        if type.possibleTypeNames.isEmpty {
            report("Union type \(type.name) must define one or more member types.", type.definitionLocations.first)
        }
        for member in type.possibleTypeNames {
            let reference = type.memberLocations[member] ?? type.locations.first
            guard let memberType = schema[member] else {
                report("Unknown type '\(member)'.", reference)
                continue
            }
            if memberType.kind != .object {
                report("Union type \(type.name) can only include Object types, it cannot include \(member).", reference)
            }
        }
    }

    private mutating func validateEnum(_ type: SchemaType) {
        if type.enumValues.isEmpty {
            report("Enum type \(type.name) must define one or more values.", type.definitionLocations.first)
        }
        for value in type.enumValues { validateName(value.name, value.location) }
    }

    private mutating func validateInputObject(_ type: SchemaType) {
        if type.inputFields.isEmpty {
            report("Input Object type \(type.name) must define one or more fields.", type.definitionLocations.first)
        }
        for field in type.inputFields {
            validateName(field.name, field.location)
            validateDirectives(field.appliedDirectives, at: .inputFieldDefinition)
            if let fieldType = knownType(field.type, field.location), !fieldType.isInputType {
                report("The type of \(type.name).\(field.name) must be Input Type but got: \(field.type).", field.type.location)
            }
            if field.isRequired, field.deprecationReason != nil {
                report("Required input field \(type.name).\(field.name) cannot be deprecated.", Self.deprecatedDirective(field), field.type.location)
            }
            if type.isOneOf {
                if case .nonNull = field.type {
                    report("OneOf input field \(type.name).\(field.name) must be nullable.", field.type.location)
                }
                if field.defaultValue != nil {
                    report("OneOf input field \(type.name).\(field.name) cannot have a default value.", field.location)
                }
            }
        }
        // A cycle is reported once, from the first of its types, as graphql-js does.
        if !typesInReportedCycles.contains(type.name), let cycle = unbreakableCycle(from: type.name, path: [], visiting: []) {
            for step in cycle { typesInReportedCycles.insert(String(step.0.split(separator: ".")[0])) }
            let path = cycle.map(\.0).joined(separator: ", ")
            errors.append(GraphQLError(
                "Input Object \(type.name) cannot be provided a finite value because it references itself through fields: \(path).",
                nodes: cycle.map(\.1)))
        }
    }

    /// A chain of non-null, non-list input fields leading from `name` back to the type the walk
    /// started at: no finite value can satisfy it. Reported at the type the cycle starts from.
    private func unbreakableCycle(from name: String, path: [(String, Location?)], visiting: Set<String>) -> [(String, Location?)]? {
        guard let type = schema[name], type.kind == .inputObject, !type.isOneOf else { return nil }
        for field in type.inputFields {
            guard case .nonNull(.named(let named), _) = field.type else { continue }
            let step = path + [("\(type.name).\(field.name)", field.location)]
            if let start = path.first?.0.split(separator: ".").first, named.name.value == String(start) { return step }
            if path.isEmpty && named.name.value == type.name { return step }
            guard !visiting.contains(named.name.value) else { continue }
            if let cycle = unbreakableCycle(from: named.name.value, path: step, visiting: visiting.union([name])) {
                return cycle
            }
        }
        return nil
    }

    private mutating func validateDirectives(_ applied: [Directive], at location: DirectiveLocation) {
        var seen: Set<String> = []
        for directive in applied {
            let name = directive.name.value
            guard let definition = schema.directives[name] else {
                report("Unknown directive '@\(name)'.", directive.location)
                continue
            }
            if !definition.locations.contains(location) {
                report("Directive '@\(name)' may not be used on \(location.phrase).", directive.location)
            }
            if !definition.isRepeatable, !seen.insert(name).inserted {
                report("The directive '@\(name)' can only be used once at this location.", directive.location)
            }
        }
    }

    private static func location(of kind: TypeKind) -> DirectiveLocation {
        switch kind {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enum: .enum
        case .inputObject: .inputObject
        }
    }
}

extension DirectiveLocation {
    /// How messages name the location: `field definition`, `inline fragment`.
    var phrase: String {
        rawValue.lowercased().split(separator: "_").joined(separator: " ")
    }
}
