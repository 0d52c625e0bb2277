import GraphQLLanguage
import OrionCompiler

/// Writes a `Model` as a Swift struct: stored properties, the generic initializer that reads
/// them from any response reader, `jsonObject`, the selection metadata and nested structs.
struct ModelRenderer {
    let schema: Schema
    let types: SwiftTypeNames
    let access: String

    func render(_ model: Model, into writer: inout SwiftWriter) {
        var conformances = ["OrionAPI.SelectionSet"]
        switch model.kind {
        case .operationData: conformances = ["OrionAPI.RootSelectionSet"]
        case .fragment: conformances = ["OrionAPI.Fragment"]
        case .typeCase: conformances = ["OrionAPI.InlineFragment"]
        case .field: break
        }
        if model.properties.contains(where: { $0.field.responseKey == "id" && !$0.isConditional }) { conformances.append("Identifiable") }
        writer.documentation(model.description)
        writer.block("\(access)struct \(model.name): \(conformances.joined(separator: ", "))") { writer in
            if case .fragment(let definition) = model.kind {
                let literal = SwiftLiteral.rawMultiline(definition, indent: "  ")
                writer.line("\(access)static var fragmentDefinition: String { " + literal[0])
                for line in literal.dropFirst().dropLast() { writer.line(line.isEmpty ? "" : line) }
                writer.line(literal[literal.count - 1] + " }")
                writer.line("\(access)static var __schema: any OrionAPI.SchemaMetadata.Type { \(types.qualified("SchemaMetadata")).self }")
            }
            writer.line("\(access)static var __parentType: OrionAPI.ParentType { \(parentType(model.parentTypeName)) }")
            renderSelections(model, into: &writer)
            writer.line()
            for property in model.properties { renderDeclaration(property, into: &writer) }
            for typeCase in model.typeCases { writer.line("\(access)let \(SwiftNames.identifier(typeCase.propertyName)): \(typeCase.typeName)?") }
            if !model.fragments.isEmpty { writer.line("\(access)let fragments: Fragments") }
            writer.line()
            renderInitializer(model, into: &writer)
            writer.line()
            renderJSONObject(model, into: &writer)
            if !model.fragments.isEmpty {
                writer.line()
                writer.block("\(access)struct Fragments: Sendable, Hashable") { writer in
                    for fragment in model.fragments {
                        writer.line("\(access)let \(SwiftNames.identifier(fragment.propertyName)): \(fragment.typeName)\(fragment.isOptional ? "?" : "")")
                    }
                }
            }
            for nested in model.nested {
                writer.line()
                render(nested, into: &writer)
            }
        }
    }

    private func parentType(_ name: String) -> String {
        switch schema[name]?.kind {
        case .interface: return ".interface(\(types.qualified("Interfaces." + name)))"
        case .union: return ".union(\(types.qualified("Unions." + name)))"
        default: return ".object(\(types.qualified("Objects." + name)))"
        }
    }

    private func renderSelections(_ model: Model, into writer: inout SwiftWriter) {
        // Built once: the cache walks them for every object it writes and reads.
        writer.line("\(access)static let __selections: [OrionAPI.Selection] = [")
        for property in model.properties {
            let field = property.field
            var arguments = "." + "field(" + SwiftLiteral.string(field.name)
            if let alias = field.alias { arguments += ", alias: " + SwiftLiteral.string(alias) }
            arguments += ", " + types.fieldTypeMetadata(field.type, composite: typeReference(property))
            if !field.arguments.isEmpty {
                let pairs = field.arguments.map { SwiftLiteral.string($0.name.value) + ": " + types.argumentValue($0.value) }
                arguments += ", arguments: [" + pairs.joined(separator: ", ") + "]"
            }
            if let condition = conditionLiteral(field.inclusion) { arguments += ", condition: " + condition }
            writer.line("  " + arguments + "),")
        }
        // Conditions go with type cases and fragments too: the cache stores and reads only what
        // the operation's variables include.
        func condition(_ inclusion: Inclusion) -> String { conditionLiteral(inclusion).map { ", condition: " + $0 } ?? "" }
        for typeCase in model.typeCases { writer.line("  .inlineFragment(\(typeCase.typeName).self\(condition(typeCase.inclusion))),") }
        for fragment in model.fragments { writer.line("  .fragment(\(fragment.typeName).self\(condition(fragment.inclusion))),") }
        writer.line("]")
    }

    /// The `InclusionCondition` literal of an inclusion, nil when always included.
    private func conditionLiteral(_ inclusion: Inclusion) -> String? {
        guard !inclusion.isAlways else { return nil }
        func single(_ condition: InclusionCondition) -> String {
            (condition.isInverted ? ".skip(" : ".include(") + SwiftLiteral.string(condition.variable) + ")"
        }
        func conjunction(_ conditions: [InclusionCondition]) -> String {
            conditions.count == 1 ? single(conditions[0]) : ".all([" + conditions.map(single).joined(separator: ", ") + "])"
        }
        let alternatives = inclusion.alternatives.map(conjunction)
        return alternatives.count == 1 ? alternatives[0] : ".any([" + alternatives.joined(separator: ", ") + "])"
    }

    /// How a property names its nested model: unqualified when declared inside, else its path.
    private func typeReference(_ property: Property) -> String? {
        property.ownNestedName ?? property.nestedPath
    }

    private func swiftType(_ property: Property) -> String {
        var type = types.output(property.field.type, composite: typeReference(property))
        if property.isConditional && !type.hasSuffix("?") { type += "?" }
        return type
    }

    private func renderDeclaration(_ property: Property, into writer: inout SwiftWriter) {
        let name = SwiftNames.identifier(property.field.responseKey)
        writer.documentation(property.field.description)
        if let reason = property.field.deprecationReason {
            // Stored under another name so that the generated code's own reads do not warn.
            writer.deprecation(reason)
            writer.line("\(access)var \(name): \(swiftType(property)) { _\(property.field.responseKey) }")
            writer.line("private let _\(property.field.responseKey): \(swiftType(property))")
        } else {
            writer.line("\(access)let \(name): \(swiftType(property))")
        }
    }

    private func storageName(_ property: Property) -> String {
        property.field.deprecationReason == nil ? SwiftNames.identifier(property.field.responseKey) : "_" + property.field.responseKey
    }

    private func renderInitializer(_ model: Model, into writer: inout SwiftWriter) {
        writer.block("\(access)init(responseObject object: OrionAPI.ResponseObject) throws") { writer in
            for property in model.properties {
                writer.line("self.\(storageName(property)) = try object.field(\(SwiftLiteral.string(property.field.responseKey)))")
            }
            let schemaMetadata = types.qualified("SchemaMetadata.self")
            for typeCase in model.typeCases {
                let name = "self." + SwiftNames.identifier(typeCase.propertyName)
                if typeCase.needsTypename {
                    writer.line("\(name) = try object.typeCase(\(typeCase.typeName).self, typename: __typename, schema: \(schemaMetadata), isConditional: \(typeCase.isConditional))")
                } else {
                    writer.line("\(name) = try object.conditional(\(typeCase.typeName).self)")
                }
            }
            if !model.fragments.isEmpty {
                let arguments = model.fragments.map { fragment -> String in
                    let value: String
                    if !fragment.isOptional {
                        value = "try \(fragment.typeName)(responseObject: object)"
                    } else if fragment.needsTypename {
                        value = "try object.typeCase(\(fragment.typeName).self, typename: __typename, schema: \(schemaMetadata), isConditional: \(fragment.isConditional))"
                    } else {
                        value = "try object.conditional(\(fragment.typeName).self)"
                    }
                    return SwiftNames.identifier(fragment.propertyName) + ": " + value
                }
                writer.line("self.fragments = Fragments(" + arguments.joined(separator: ", ") + ")")
            }
        }
    }

    private func renderJSONObject(_ model: Model, into writer: inout SwiftWriter) {
        writer.block("\(access)var jsonObject: [String: Any]") { writer in
            let always = model.properties.filter { !$0.isConditional }
            let conditional = model.properties.filter(\.isConditional)
            let merges = !model.typeCases.isEmpty || !model.fragments.isEmpty || !conditional.isEmpty
            let binding = merges ? "var object: [String: Any] = " : ""
            if always.isEmpty {
                writer.line(merges ? binding + "[:]" : "[:]")
            } else {
                writer.line(binding + "[")
                for property in always {
                    writer.line("  \(SwiftLiteral.string(property.field.responseKey)): \(storageName(property)).jsonObjectValue,")
                }
                writer.line("]")
            }
            guard merges else { return }
            for property in conditional {
                let name = storageName(property)
                writer.line("if let value = \(name) { object[\(SwiftLiteral.string(property.field.responseKey))] = value.jsonObjectValue }")
            }
            for typeCase in model.typeCases {
                writer.line("if let value = \(SwiftNames.identifier(typeCase.propertyName)) { OrionAPI.mergeJSONObject(&object, value.jsonObject) }")
            }
            for fragment in model.fragments {
                let name = "fragments." + SwiftNames.identifier(fragment.propertyName)
                if fragment.isOptional {
                    writer.line("if let value = \(name) { OrionAPI.mergeJSONObject(&object, value.jsonObject) }")
                } else {
                    writer.line("OrionAPI.mergeJSONObject(&object, \(name).jsonObject)")
                }
            }
            writer.line("return object")
        }
    }
}
