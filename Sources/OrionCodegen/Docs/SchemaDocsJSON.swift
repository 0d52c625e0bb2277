import GraphQLLanguage
import OrionCompiler

/// The schema as the docs pages read it: one JSON object, embedded in each page, that the page's
/// script renders (one download, however large the schema).
///
/// ```json
/// {"query": "Query", "types": [{"kind": "OBJECT", "name": "Launch", "fields": [
///   {"name": "site", "type": "String", "args": [...], "deprecationReason": "..."}]}],
///  "directives": [...]}
/// ```
/// Types are in the schema's definition order (built-in scalars last; introspection types left
/// out); type references are written as GraphQL writes them (`[Launch]!`), default values as
/// GraphQL literals. Absent keys mean "none".
enum SchemaDocsJSON {
    static func encode(_ schema: Schema) -> String {
        let types = schema.typeNames.compactMap { schema[$0] }.filter { !$0.name.hasPrefix("__") }
        let directives = schema.directiveNames.compactMap { schema.directives[$0] }
            .filter { !$0.isBuiltIn || ["include", "skip", "deprecated", "specifiedBy", "oneOf", "defer"].contains($0.name) }
        return JSONText.object([
            ("description", JSONText.string(schema.description)),
            ("query", JSONText.string(schema.queryTypeName)),
            ("mutation", JSONText.string(schema.mutationTypeName)),
            ("subscription", JSONText.string(schema.subscriptionTypeName)),
            ("types", JSONText.array(types.map { type($0, in: schema) })),
            ("directives", JSONText.array(directives.map(directive))),
        ])
    }

    private static func type(_ type: SchemaType, in schema: Schema) -> String {
        let implementations = type.kind == .interface ? schema.implementations[type.name] ?? [] : []
        return JSONText.object([
            ("kind", JSONText.quoted(kindName(type.kind))),
            ("name", JSONText.quoted(type.name)),
            ("description", JSONText.string(type.description)),
            ("fields", type.fields.isEmpty ? nil : JSONText.array(type.fields.map(field))),
            ("interfaces", JSONText.strings(type.interfaceNames)),
            ("implementations", JSONText.strings(implementations)),
            ("possibleTypes", JSONText.strings(type.possibleTypeNames)),
            ("enumValues", type.enumValues.isEmpty ? nil : JSONText.array(type.enumValues.map(enumValue))),
            ("inputFields", type.inputFields.isEmpty ? nil : JSONText.array(type.inputFields.map(inputValue))),
            ("specifiedByURL", JSONText.string(type.specifiedByURL)),
            ("oneOf", type.isOneOf ? "true" : nil),
        ])
    }

    private static func field(_ field: SchemaField) -> String {
        JSONText.object([
            ("name", JSONText.quoted(field.name)),
            ("type", JSONText.quoted(field.type.description)),
            ("description", JSONText.string(field.description)),
            ("args", field.arguments.isEmpty ? nil : JSONText.array(field.arguments.map(inputValue))),
            ("deprecationReason", JSONText.string(field.deprecationReason)),
        ])
    }

    private static func inputValue(_ value: SchemaInputValue) -> String {
        JSONText.object([
            ("name", JSONText.quoted(value.name)),
            ("type", JSONText.quoted(value.type.description)),
            ("description", JSONText.string(value.description)),
            ("defaultValue", JSONText.string(value.defaultValue.map { Printer.print($0) })),
            ("deprecationReason", JSONText.string(value.deprecationReason)),
        ])
    }

    private static func enumValue(_ value: SchemaEnumValue) -> String {
        JSONText.object([
            ("name", JSONText.quoted(value.name)),
            ("description", JSONText.string(value.description)),
            ("deprecationReason", JSONText.string(value.deprecationReason)),
        ])
    }

    private static func directive(_ directive: SchemaDirective) -> String {
        JSONText.object([
            ("name", JSONText.quoted(directive.name)),
            ("description", JSONText.string(directive.description)),
            ("args", directive.arguments.isEmpty ? nil : JSONText.array(directive.arguments.map(inputValue))),
            ("locations", JSONText.strings(directive.locations.map(\.rawValue))),
            ("repeatable", directive.isRepeatable ? "true" : nil),
        ])
    }

    private static func kindName(_ kind: TypeKind) -> String {
        switch kind {
        case .scalar: "SCALAR"
        case .object: "OBJECT"
        case .interface: "INTERFACE"
        case .union: "UNION"
        case .enum: "ENUM"
        case .inputObject: "INPUT_OBJECT"
        }
    }
}
