import GraphQLLanguage

extension Schema {
    /// The schema as SDL, built-ins left out, as graphql-js's `printSchema` does: descriptions
    /// as block strings, deprecations, `@specifiedBy` and `@oneOf` kept, and a `schema { }`
    /// block only when the root types do not have their default names.
    public func printSDL() -> String {
        Printer.print(sdlDocument())
    }

    /// The schema as an SDL document (without locations).
    public func sdlDocument() -> Document {
        var definitions: [Definition] = []
        let roots: [(OperationType, String?)] = [(.query, queryTypeName), (.mutation, mutationTypeName), (.subscription, subscriptionTypeName)]
        let defaultNames = roots.allSatisfy { operation, name in
            name == nil || name == operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
        }
        if !defaultNames || description != nil {
            definitions.append(.schema(SchemaDefinition(
                description: description.map { StringValue($0, block: true) },
                operationTypes: roots.compactMap { operation, name in
                    name.map { OperationTypeDefinition(operation: operation, type: NamedType(name: Name($0))) }
                })))
        }
        for name in directiveNames {
            guard let directive = directives[name], !directive.isBuiltIn else { continue }
            definitions.append(.directive(DirectiveDefinition(
                description: Self.description(directive.description), name: Name(name),
                arguments: directive.arguments.map(Self.inputValueNode), repeatable: directive.isRepeatable,
                locations: directive.locations.map { Name($0.rawValue) })))
        }
        for name in typeNames {
            guard let type = types[name], !type.isBuiltIn else { continue }
            var directives: [Directive] = []
            if let url = type.specifiedByURL {
                directives.append(Directive(name: Name("specifiedBy"), arguments: [Argument(name: Name("url"), value: .string(StringValue(url)))]))
            }
            if type.isOneOf { directives.append(Directive(name: Name("oneOf"))) }
            definitions.append(.type(TypeDefinition(
                kind: type.kind, description: Self.description(type.description), name: Name(name),
                interfaces: type.interfaceNames.map { NamedType(name: Name($0)) }, directives: directives,
                fields: type.fields.map { field in
                    FieldDefinition(
                        description: Self.description(field.description), name: Name(field.name),
                        arguments: field.arguments.map(Self.inputValueNode), type: field.type,
                        directives: Self.deprecation(field.deprecationReason))
                },
                unionMembers: type.possibleTypeNames.map { NamedType(name: Name($0)) },
                enumValues: type.enumValues.map { value in
                    EnumValueDefinition(
                        description: Self.description(value.description), name: Name(value.name),
                        directives: Self.deprecation(value.deprecationReason))
                },
                inputFields: type.inputFields.map(Self.inputValueNode))))
        }
        return Document(definitions: definitions)
    }

    private static func description(_ text: String?) -> StringValue? {
        text.map { StringValue($0, block: true) }
    }

    private static func inputValueNode(_ value: SchemaInputValue) -> InputValueDefinition {
        InputValueDefinition(
            description: description(value.description), name: Name(value.name), type: value.type,
            defaultValue: value.defaultValue, directives: deprecation(value.deprecationReason))
    }

    /// `@deprecated`, with its reason unless it is the default one.
    private static func deprecation(_ reason: String?) -> [Directive] {
        guard let reason else { return [] }
        let arguments = reason == "No longer supported" ? [] : [Argument(name: Name("reason"), value: .string(StringValue(reason)))]
        return [Directive(name: Name("deprecated"), arguments: arguments)]
    }
}
