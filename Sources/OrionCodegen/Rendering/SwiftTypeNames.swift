import GraphQLLanguage
import OrionCompiler

/// Swift types for GraphQL type references, in responses and in inputs.
struct SwiftTypeNames {
    let schema: Schema
    let options: CodegenOptions

    /// `NS.Name` for a declaration of the namespace (`SchemaMetadata`, `Objects.Droid`).
    func qualified(_ name: String) -> String { options.namespace + "." + name }

    /// The Swift name of a schema type (enum, input object, custom scalar, or the metadata of an
    /// object, interface or union): its GraphQL name, with `_` appended while it would take a
    /// name the namespace or generated code needs (`Type_`, `Swift_`, `Objects_`, the
    /// namespace's own name).
    func schemaTypeName(_ name: String) -> String {
        SwiftNames.typeName(name, avoiding: SwiftNames.namespaceMemberNames.union([options.namespace, "byTypename"]))
    }

    /// `NS.Name` for a schema type.
    func qualifiedSchemaType(_ name: String) -> String { qualified(schemaTypeName(name)) }

    /// The Swift type of a built-in scalar, by module so that no schema type can capture it.
    static func builtInScalar(_ name: String) -> String? {
        switch name {
        case "String", "ID": return "Swift.String"
        case "Int": return "Swift.Int"
        case "Float": return "Swift.Double"
        case "Boolean": return "Swift.Bool"
        default: return nil
        }
    }

    /// The Swift type of a named leaf type (scalar or enum).
    func leaf(_ name: String) -> String {
        if let builtIn = Self.builtInScalar(name) { return builtIn }
        if schema[name]?.kind == .enum { return "OrionAPI.GraphQLEnum<\(qualifiedSchemaType(name))>" }
        return qualifiedSchemaType(name)
    }

    /// The Swift type of a field in a response; `composite` names the nested model.
    func output(_ type: TypeReference, composite: String?) -> String {
        output(type, composite: composite, nonNull: false)
    }

    private func output(_ type: TypeReference, composite: String?, nonNull: Bool) -> String {
        let base: String
        switch type {
        case .nonNull(let inner, _): return output(inner, composite: composite, nonNull: true)
        case .list(let inner, _): base = "[" + output(inner, composite: composite, nonNull: false) + "]"
        case .named(let named): base = composite ?? leaf(named.name.value)
        }
        return nonNull ? base : base + "?"
    }

    /// The Swift type of an input (variable, input field): nullable at the top is
    /// `GraphQLNullable` (absent, null or a value); inside lists, optionals.
    func input(_ type: TypeReference) -> String {
        if case .nonNull(let inner, _) = type { return inputInner(inner) }
        return "OrionAPI.GraphQLNullable<\(inputInner(type))>"
    }

    private func inputInner(_ type: TypeReference) -> String {
        switch type {
        case .nonNull(let inner, _): return inputInner(inner)
        case .list(let inner, _):
            if case .nonNull = inner { return "[" + inputInner(inner) + "]" }
            return "[" + inputInner(inner) + "?]"
        case .named(let named):
            let name = named.name.value
            return schema[name]?.kind == .inputObject ? qualifiedSchemaType(name) : leaf(name)
        }
    }

    /// An argument or default value as `ArgumentValue` metadata.
    func argumentValue(_ value: Value) -> String {
        switch value {
        case .variable(let variable): return ".variable(\(SwiftLiteral.string(variable.name.value)))"
        case .list(let list): return ".list([" + list.values.map(argumentValue).joined(separator: ", ") + "])"
        case .object(let object):
            let fields = object.fields.map { SwiftLiteral.string($0.name.value) + ": " + argumentValue($0.value) }
            return ".object([" + (fields.isEmpty ? ":" : fields.joined(separator: ", ")) + "])"
        default: return ".value(" + jsonLiteral(value) + ")"
        }
    }

    /// A constant value as a `JSONValue` literal.
    func jsonLiteral(_ value: Value) -> String {
        switch value {
        case .int(let int): return ".int(\(int.value))"
        case .float(let float): return ".double(\(float.value))"
        case .string(let string): return ".string(\(SwiftLiteral.string(string.value)))"
        case .boolean(let bool): return ".bool(\(bool.value))"
        case .null: return ".null"
        case .enum(let enumValue): return ".string(\(SwiftLiteral.string(enumValue.value)))"
        case .list(let list): return ".list([" + list.values.map(jsonLiteral).joined(separator: ", ") + "])"
        case .object(let object):
            let fields = object.fields.map { SwiftLiteral.string($0.name.value) + ": " + jsonLiteral($0.value) }
            return ".object([" + (fields.isEmpty ? ":" : fields.joined(separator: ", ")) + "])"
        case .variable(let variable): return ".string(\(SwiftLiteral.string("$" + variable.name.value)))"
        }
    }
}
