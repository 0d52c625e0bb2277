import GraphQLLanguage
import OrionCompiler

/// Writes the schema types operations refer to: enums, input objects, custom scalars, and the
/// metadata of object, interface and union types.
struct SchemaRenderer {
    let schema: Schema
    let types: SwiftTypeNames
    let options: CodegenOptions
    let access: String

    /// The referenced types, plus every object type an abstract one may resolve to (a response
    /// can name any of them in `__typename`).
    func typeNames(referenced: Set<String>) -> [String] {
        var names = referenced
        for name in referenced where schema[name]?.isAbstract == true {
            names.formUnion(schema.possibleObjectTypes(name))
        }
        return names.filter { !$0.hasPrefix("__") && schema[$0]?.isBuiltIn == false }.sorted()
    }

    func renderMetadata(_ names: [String], into writer: inout SwiftWriter) {
        let objects = names.filter { schema[$0]?.kind == .object }
        let interfaces = names.filter { schema[$0]?.kind == .interface }
        let unions = names.filter { schema[$0]?.kind == .union }
        writer.line("/// The schema's object types by `__typename`, and the cache-key hook of `SchemaConfiguration`.")
        writer.block("\(access)enum SchemaMetadata: OrionAPI.SchemaMetadata") { writer in
            writer.block("\(access)static func objectType(forTypename typename: String) -> OrionAPI.ObjectType?") { writer in
                writer.line("Objects.byTypename[typename]")
            }
            writer.line()
            writer.block("\(access)static func cacheKeyInfo(for type: OrionAPI.ObjectType, object: OrionAPI.ResponseObject) -> OrionAPI.CacheKeyInfo?") { writer in
                writer.line("SchemaConfiguration.cacheKeyInfo(for: type, object: object)")
            }
        }
        writer.line()
        writer.line("/// The object types operations may return.")
        writer.block("\(access)enum Objects") { writer in
            for name in objects {
                guard let type = schema[name] else { continue }
                var arguments = [SwiftLiteral.string(name)]
                if !type.interfaceNames.isEmpty {
                    arguments.append("implementedInterfaces: [" + type.interfaceNames.map(SwiftLiteral.string).joined(separator: ", ") + "]")
                }
                let keys = keyFields(type)
                if !keys.isEmpty { arguments.append("keyFields: [" + keys.map(SwiftLiteral.string).joined(separator: ", ") + "]") }
                arguments[0] = "typename: " + arguments[0]
                writer.line("\(access)static let \(SwiftNames.identifier(name)) = OrionAPI.ObjectType(\(arguments.joined(separator: ", ")))")
            }
            let entries = objects.map { SwiftLiteral.string($0) + ": " + SwiftNames.identifier($0) }
            writer.line("static let byTypename: [String: OrionAPI.ObjectType] = [\(entries.isEmpty ? ":" : entries.joined(separator: ", "))]")
        }
        writer.line()
        writer.block("\(access)enum Interfaces") { writer in
            for name in interfaces {
                let keys = schema[name].map(keyFields) ?? []
                let keyArgument = keys.isEmpty ? "" : ", keyFields: [" + keys.map(SwiftLiteral.string).joined(separator: ", ") + "]"
                let possible = schema.possibleObjectTypes(name).map(SwiftLiteral.string).joined(separator: ", ")
                writer.line("\(access)static let \(SwiftNames.identifier(name)) = OrionAPI.InterfaceType(name: \(SwiftLiteral.string(name)), possibleTypes: [\(possible)]\(keyArgument))")
            }
        }
        writer.line()
        writer.block("\(access)enum Unions") { writer in
            for name in unions {
                let possible = schema.possibleObjectTypes(name).map(SwiftLiteral.string).joined(separator: ", ")
                writer.line("\(access)static let \(SwiftNames.identifier(name)) = OrionAPI.UnionType(name: \(SwiftLiteral.string(name)), possibleTypes: [\(possible)])")
            }
        }
    }

    /// `@typePolicy(keyFields: "id owner")` → `["id", "owner"]`.
    private func keyFields(_ type: SchemaType) -> [String] {
        for directive in type.appliedDirectives where directive.name.value == "typePolicy" {
            for argument in directive.arguments where argument.name.value == "keyFields" {
                if case .string(let value) = argument.value {
                    return value.value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                }
            }
        }
        return []
    }

    func renderEnum(_ type: SchemaType, into writer: inout SwiftWriter) {
        writer.documentation(type.description)
        writer.block("\(access)enum \(type.name): String, OrionAPI.EnumType") { writer in
            var used: Set<String> = []
            for value in type.enumValues {
                var name = SwiftNames.enumCase(value.name)
                // Two values that convert to the same case keep their GraphQL names.
                if !used.insert(name).inserted { name = SwiftNames.identifier(value.name) }
                writer.documentation(value.description)
                writer.deprecation(value.deprecationReason)
                writer.line("case \(name) = \(SwiftLiteral.string(value.name))")
            }
        }
    }

    func renderInputObject(_ type: SchemaType, into writer: inout SwiftWriter) {
        writer.documentation(type.description)
        writer.block("\(access)struct \(type.name): OrionAPI.InputObject") { writer in
            var parameters: [String] = []
            for field in type.inputFields {
                let name = SwiftNames.identifier(field.name)
                let swiftType = types.input(field.type)
                writer.documentation(field.description)
                writer.line("\(access)var \(name): \(swiftType)")
                parameters.append("\(name): \(swiftType)" + (swiftType.hasPrefix("OrionAPI.GraphQLNullable") ? " = .absent" : ""))
            }
            writer.line()
            writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
                for field in type.inputFields {
                    let name = SwiftNames.identifier(field.name)
                    writer.line("self.\(name) = \(name)")
                }
            }
            writer.line()
            writer.line("\(access)var jsonValue: OrionAPI.JSONValue { .object(OrionAPI.JSONValue.fields([")
            for field in type.inputFields {
                let name = SwiftNames.identifier(field.name)
                let accessor = types.input(field.type).hasPrefix("OrionAPI.GraphQLNullable") ? ".inputValue()" : ".jsonValue"
                writer.line("  \(SwiftLiteral.string(field.name)): \(name)\(accessor),")
            }
            writer.line("])) }")
        }
    }

    func renderCustomScalar(_ type: SchemaType, into writer: inout SwiftWriter) {
        writer.documentation(type.description)
        if let mapped = options.scalarTypes[type.name] {
            writer.line("\(access)typealias \(type.name) = \(mapped)")
        } else {
            writer.line("/// Unmapped custom scalar: read as `String`. Map it to a Swift type with `--scalar \(type.name)=Type`")
            writer.line("/// (or `scalarTypes` in orion.json); the type must conform to `OrionAPI.CustomScalarType`.")
            writer.line("\(access)typealias \(type.name) = String")
        }
    }

    func renderConfiguration(into writer: inout SwiftWriter) {
        writer.line("/// Your hooks into the generated schema. Code generation writes this file once and never")
        writer.line("/// overwrites it: edit it freely.")
        writer.block("\(access)enum SchemaConfiguration: OrionAPI.SchemaConfiguration") { writer in
            writer.line("/// The cache key of an object: return `CacheKeyInfo(id:)` to identify objects of `type` by")
            writer.line("/// their fields (`try? object.field(\"id\", as: String.self)`), or `nil` to use")
            writer.line("/// `@typePolicy(keyFields:)` or the object's path.")
            writer.block("\(access)static func cacheKeyInfo(for type: OrionAPI.ObjectType, object: OrionAPI.ResponseObject) -> OrionAPI.CacheKeyInfo?") { writer in
                writer.line("nil")
            }
        }
    }
}
