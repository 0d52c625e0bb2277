import Foundation
import GraphQLLanguage

extension Schema {
    /// The schema as the result of the standard introspection query, `{"__schema": {...}}`:
    /// every type (the built-in scalars that something uses, as graphql-js servers return them),
    /// field (deprecated included), argument, input field, enum value and directive. Keys are
    /// sorted, so the bytes are the same for the same schema.
    public func introspectionJSON() -> Data {
        let introspected = directiveNames.compactMap { directives[$0] }.filter(isIntrospected)
        let listed = typeNames.filter(isListed).compactMap { types[$0] }
        let schema: [String: Any] = [
            "description": description.map { $0 as Any } ?? NSNull(),
            "queryType": rootReference(queryTypeName),
            "mutationType": rootReference(mutationTypeName),
            "subscriptionType": rootReference(subscriptionTypeName),
            "types": listed.map(typeJSON),
            "directives": introspected.map(directiveJSON),
        ]
        // Only strings, numbers, booleans, null, arrays and dictionaries go in: this cannot fail.
        return (try? JSONSerialization.data(withJSONObject: ["__schema": schema], options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    /// Whether a type is in the schema's type map as graphql-js has it: every type but the
    /// built-in scalars that nothing uses.
    func isListed(_ name: String) -> Bool {
        guard let type = types[name] else { return false }
        // The nullability spec's `CatchTo`, like its directives, is the client's.
        if type.isBuiltIn && nullabilityImports.contains(name) { return false }
        guard type.isBuiltIn, type.kind == .scalar, BuiltIns.scalarNames.contains(name) else { return true }
        return usedBuiltInScalars.contains(name)
    }

    /// Client directives are the code generator's, not the server's: they are not introspected
    /// unless the schema declares them.
    private func isIntrospected(_ directive: SchemaDirective) -> Bool {
        !(directive.isBuiltIn && (BuiltIns.clientDirectiveNames.contains(directive.name) || nullabilityImports.contains("@" + directive.name)))
    }

    /// `{ kind name }`, as graphql-js's introspection query asks for root types.
    private func rootReference(_ name: String?) -> Any {
        name.map { ["kind": "OBJECT", "name": $0] as [String: Any] } ?? NSNull()
    }

    private func typeJSON(_ type: SchemaType) -> [String: Any] {
        let kind: String = switch type.kind {
        case .scalar: "SCALAR"
        case .object: "OBJECT"
        case .interface: "INTERFACE"
        case .union: "UNION"
        case .enum: "ENUM"
        case .inputObject: "INPUT_OBJECT"
        }
        let hasFields = type.kind == .object || type.kind == .interface
        return [
            "kind": kind,
            "name": type.name,
            "description": Self.nullable(type.description),
            "specifiedByURL": Self.nullable(type.specifiedByURL),
            "isOneOf": type.kind == .inputObject ? type.isOneOf : NSNull(),
            "fields": hasFields ? type.fields.map(fieldJSON) as Any : NSNull(),
            "interfaces": hasFields ? type.interfaceNames.map { typeReferenceJSON(.named(NamedType(name: Name($0)))) } as Any : NSNull(),
            "possibleTypes": type.isAbstract
                ? (possibleTypeNames[type.name] ?? []).map { typeReferenceJSON(.named(NamedType(name: Name($0)))) } as Any : NSNull(),
            "enumValues": type.kind == .enum ? type.enumValues.map { value in
                [
                    "name": value.name, "description": Self.nullable(value.description),
                    "isDeprecated": value.deprecationReason != nil, "deprecationReason": Self.nullable(value.deprecationReason),
                ] as [String: Any]
            } as Any : NSNull(),
            "inputFields": type.kind == .inputObject ? type.inputFields.map(inputValueJSON) as Any : NSNull(),
        ]
    }

    private func fieldJSON(_ field: SchemaField) -> [String: Any] {
        [
            "name": field.name, "description": Self.nullable(field.description), "args": field.arguments.map(inputValueJSON),
            "type": typeReferenceJSON(field.type), "isDeprecated": field.deprecationReason != nil,
            "deprecationReason": Self.nullable(field.deprecationReason),
        ]
    }

    private func inputValueJSON(_ value: SchemaInputValue) -> [String: Any] {
        [
            "name": value.name, "description": Self.nullable(value.description), "type": typeReferenceJSON(value.type),
            "defaultValue": Self.nullable(value.defaultValue.map { Printer.print($0) }),
            "isDeprecated": value.deprecationReason != nil, "deprecationReason": Self.nullable(value.deprecationReason),
        ]
    }

    private func directiveJSON(_ directive: SchemaDirective) -> [String: Any] {
        [
            "name": directive.name, "description": Self.nullable(directive.description),
            "isRepeatable": directive.isRepeatable, "locations": directive.locations.map(\.rawValue),
            "args": directive.arguments.map(inputValueJSON),
        ]
    }

    private func typeReferenceJSON(_ reference: TypeReference) -> [String: Any] {
        switch reference {
        case .named(let named):
            let kind: String = switch types[named.name.value]?.kind {
            case .scalar?: "SCALAR"
            case .object?: "OBJECT"
            case .interface?: "INTERFACE"
            case .union?: "UNION"
            case .enum?: "ENUM"
            case .inputObject?: "INPUT_OBJECT"
            case nil: "SCALAR"
            }
            return ["kind": kind, "name": named.name.value, "ofType": NSNull()]
        case .list(let inner, _):
            return ["kind": "LIST", "name": NSNull(), "ofType": typeReferenceJSON(inner)]
        case .nonNull(let inner, _):
            return ["kind": "NON_NULL", "name": NSNull(), "ofType": typeReferenceJSON(inner)]
        }
    }

    private static func nullable(_ value: String?) -> Any {
        value.map { $0 as Any } ?? NSNull()
    }
}
