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
            writer.block("\(access)static func objectType(forTypename typename: Swift.String) -> OrionAPI.ObjectType?") { writer in
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
                let paginated = paginatedFields(type)
                if !paginated.isEmpty { arguments.append("paginatedFields: [" + paginated.joined(separator: ", ") + "]") }
                arguments[0] = "typename: " + arguments[0]
                writer.line("\(access)static let \(types.schemaTypeName(name)) = OrionAPI.ObjectType(\(arguments.joined(separator: ", ")))")
            }
            let entries = objects.map { SwiftLiteral.string($0) + ": " + types.schemaTypeName($0) }
            writer.line("static let byTypename: [Swift.String: OrionAPI.ObjectType] = [\(entries.isEmpty ? ":" : entries.joined(separator: ", "))]")
        }
        writer.line()
        writer.block("\(access)enum Interfaces") { writer in
            for name in interfaces {
                let keys = schema[name].map(keyFields) ?? []
                let keyArgument = keys.isEmpty ? "" : ", keyFields: [" + keys.map(SwiftLiteral.string).joined(separator: ", ") + "]"
                let possible = schema.possibleObjectTypes(name).map(SwiftLiteral.string).joined(separator: ", ")
                writer.line("\(access)static let \(types.schemaTypeName(name)) = OrionAPI.InterfaceType(name: \(SwiftLiteral.string(name)), possibleTypes: [\(possible)]\(keyArgument))")
            }
        }
        writer.line()
        writer.block("\(access)enum Unions") { writer in
            for name in unions {
                let possible = schema.possibleObjectTypes(name).map(SwiftLiteral.string).joined(separator: ", ")
                writer.line("\(access)static let \(types.schemaTypeName(name)) = OrionAPI.UnionType(name: \(SwiftLiteral.string(name)), possibleTypes: [\(possible)])")
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

    /// The pagination policies of an object type and of its interfaces (the type's own win), as
    /// `OrionAPI.PaginatedField` initializers.
    private func paginatedFields(_ type: SchemaType) -> [String] {
        var seen: Set<String> = []
        var rendered: [String] = []
        let declaring = [type] + type.interfaceNames.compactMap { schema[$0] }
        for policy in declaring.flatMap(PaginationPolicy.policies) where seen.insert(policy.field).inserted {
            let arguments = "[" + policy.arguments.map(SwiftLiteral.string).joined(separator: ", ") + "]"
            let connection = policy.isConnection ? ", isConnection: true" : ""
            rendered.append("OrionAPI.PaginatedField(name: \(SwiftLiteral.string(policy.field)), paginationArguments: \(arguments)\(connection))")
        }
        return rendered
    }

    func renderEnum(_ type: SchemaType, into writer: inout SwiftWriter) {
        writer.documentation(type.description)
        writer.block("\(access)enum \(types.schemaTypeName(type.name)): Swift.String, OrionAPI.EnumType") { writer in
            let cases = SwiftNames.enumCases(type.enumValues.map(\.name))
            for (value, name) in zip(type.enumValues, cases) {
                writer.documentation(value.description)
                writer.deprecation(value.deprecationReason)
                writer.line("case \(name) = \(SwiftLiteral.string(value.name))")
            }
            if type.enumValues.contains(where: { $0.deprecationReason != nil }) {
                // A deprecated case stops `CaseIterable` from being synthesized, and naming it
                // here would warn: the cases are made from their raw values instead.
                writer.line()
                let rawValues = type.enumValues.map { SwiftLiteral.string($0.name) }.joined(separator: ", ")
                writer.line("\(access)static let allCases: [Self] = [\(rawValues)].compactMap(Self.init(rawValue:))")
            }
        }
    }

    func renderInputObject(_ type: SchemaType, into writer: inout SwiftWriter) {
        writer.documentation(type.description)
        writer.block("\(access)struct \(types.schemaTypeName(type.name)): OrionAPI.InputObject") { writer in
            let names = SwiftNames.memberIdentifiers(type.inputFields.map(\.name), avoiding: ["jsonValue", "hashValue"])
            var parameters: [String] = []
            for (field, name) in zip(type.inputFields, names) {
                let swiftType = types.input(field.type)
                writer.documentation(field.description)
                writer.line("\(access)var \(name): \(swiftType)")
                parameters.append("\(name): \(swiftType)" + (swiftType.hasPrefix("OrionAPI.GraphQLNullable") ? " = .absent" : ""))
            }
            writer.line()
            writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
                for name in names { writer.line("self.\(name) = \(name)") }
            }
            writer.line()
            writer.line("\(access)var jsonValue: OrionAPI.JSONValue { .object(OrionAPI.JSONValue.fields([")
            for (field, name) in zip(type.inputFields, names) {
                let accessor = types.input(field.type).hasPrefix("OrionAPI.GraphQLNullable") ? ".inputValue()" : ".jsonValue"
                writer.line("  \(SwiftLiteral.string(field.name)): \(name)\(accessor),")
            }
            writer.line("])) }")
        }
    }

    func renderCustomScalar(_ type: SchemaType, into writer: inout SwiftWriter) {
        writer.documentation(type.description)
        let name = types.schemaTypeName(type.name)
        if let mapped = options.scalarTypes[type.name] {
            writer.line("\(access)typealias \(name) = \(Self.qualifiedScalarMapping(mapped))")
        } else {
            writer.line("/// Unmapped custom scalar: read as `String`. Map it to a Swift type with `--scalar \(type.name)=Type`")
            writer.line("/// (or `\"scalars\": { \"\(type.name)\": \"Type\" }` in orion.json); the type must conform to")
            writer.line("/// `OrionAPI.CustomScalarType`.")
            writer.line("\(access)typealias \(name) = Swift.String")
        }
    }

    /// The schema's `ID`, which fields and variables read as `String`: named so that app code can
    /// write `NS.ID`, as Apollo's generated code lets it.
    func renderID(into writer: inout SwiftWriter) {
        writer.line("/// The schema's `ID` scalar: a unique identifier, serialized as a string.")
        writer.line("\(access)typealias \(types.schemaTypeName("ID")) = Swift.String")
    }

    /// Foundation's and Swift's types by their module, so that the typealias of a scalar named
    /// like its type (`URL` → `URL`) does not refer to itself; other types as written (a
    /// mapping to the user's own type of the same name names its module: `MyModule.URL`).
    static func qualifiedScalarMapping(_ type: String) -> String {
        let foundation: Set<String> = ["URL", "Date", "Data", "UUID", "Decimal"]
        let swift: Set<String> = ["String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Bool"]
        if foundation.contains(type) { return "Foundation." + type }
        if swift.contains(type) { return "Swift." + type }
        return type
    }

    func renderConfiguration(into writer: inout SwiftWriter) {
        if options.moduleType.regeneratesEverything {
            writer.line("/// The generated schema's hooks, as their defaults: `\(options.moduleType.rawValue)` output is regenerated whole.")
            writer.line("/// Key objects with `@typePolicy(keyFields:)` in a schema extension, or generate `embedded` or")
            writer.line("/// `swift-package` output, whose `SchemaConfiguration.swift` is written once for you to edit.")
        } else {
            writer.line("/// Your hooks into the generated schema. Code generation writes this file once and never")
            writer.line("/// overwrites it: edit it freely.")
        }
        writer.block("\(access)enum SchemaConfiguration: OrionAPI.SchemaConfiguration") { writer in
            writer.line("/// The cache key of an object: return `CacheKeyInfo(id:)` to identify objects of `type` by")
            writer.line("/// their fields (`try? object.field(\"id\", as: Swift.String.self)`), or `nil` to use")
            writer.line("/// `@typePolicy(keyFields:)` or the object's path.")
            writer.block("\(access)static func cacheKeyInfo(for type: OrionAPI.ObjectType, object: OrionAPI.ResponseObject) -> OrionAPI.CacheKeyInfo?") { writer in
                writer.line("nil")
            }
        }
    }
}
