import Foundation
import GraphQLLanguage
import OrionCompiler

/// Writes an operation: its type with the variables, the document and its hash, and the `Data`
/// model.
struct OperationRenderer {
    let types: SwiftTypeNames
    let models: ModelRenderer
    let access: String

    /// `LaunchList` → `LaunchListQuery`; a name that already ends in its kind keeps it.
    static func typeName(_ operation: IROperation) -> String {
        let suffix: String
        switch operation.operationType {
        case .query: suffix = "Query"
        case .mutation: suffix = "Mutation"
        case .subscription: suffix = "Subscription"
        }
        let name = SwiftNames.upperFirst(operation.name)
        return name.hasSuffix(suffix) ? name : name + suffix
    }

    /// Members of a generated operation that a variable of the same name would collide with.
    static let reservedVariableNames: Set<String> = ["__variables", "hashValue", "variablesWithDefaults"]

    /// Variables whose properties would clash with the generated operation's members.
    static func nameClashes(_ operation: IROperation) -> [GraphQLError] {
        operation.variables.filter { reservedVariableNames.contains($0.name) }.map { variable in
            GraphQLError(
                "Variable '$\(variable.name)' of \(typeName(operation)) would clash with the generated member `\(variable.name)`; rename the variable, e.g. `$\(variable.name.trimmingCharacters(in: CharacterSet(charactersIn: "_")))Value`.",
                nodes: [operation.location])
        }
    }

    func render(_ operation: IROperation, data: Model, document: String, into writer: inout SwiftWriter) {
        let protocolName: String
        switch operation.operationType {
        case .query: protocolName = "GraphQLQuery"
        case .mutation: protocolName = "GraphQLMutation"
        case .subscription: protocolName = "GraphQLSubscription"
        }
        writer.documentation(operation.description)
        writer.block("\(access)struct \(Self.typeName(operation)): OrionAPI.\(protocolName), Hashable") { writer in
            writer.line("\(access)static let operationName = \(SwiftLiteral.string(operation.name))")
            writer.line("\(access)static var __schema: any OrionAPI.SchemaMetadata.Type { \(types.qualified("SchemaMetadata")).self }")
            let literal = SwiftLiteral.rawMultiline(document, indent: "    ")
            writer.line("\(access)static let operationDocument = OrionAPI.OperationDocument(")
            writer.line("  text: " + literal[0])
            for line in literal.dropFirst().dropLast() { writer.line(line) }
            writer.line(literal[literal.count - 1] + ",")
            writer.line("  identifier: \(SwiftLiteral.string(SHA256.hexDigest(document)))")
            writer.line(")")
            writer.line()
            if operation.variables.isEmpty {
                writer.line("\(access)init() {}")
            } else {
                renderVariables(operation.variables, into: &writer)
            }
            writer.line()
            models.render(data, into: &writer)
        }
        models.renderFragmentAccessors(data, into: &writer)
    }

    private func renderVariables(_ variables: [IRVariable], into writer: inout SwiftWriter) {
        var parameters: [String] = []
        for variable in variables {
            let name = SwiftNames.identifier(variable.name)
            let isOptional: Bool
            let type: String
            if case .nonNull(let inner, _) = variable.type, variable.defaultValue != nil {
                // A non-null variable with a default may be left out: the server uses the default.
                type = "OrionAPI.GraphQLNullable<\(types.input(.nonNull(inner, location: nil)))>"
                isOptional = true
            } else {
                type = types.input(variable.type)
                isOptional = !type.hasPrefix("OrionAPI.GraphQLNullable") ? false : true
            }
            writer.documentation(variable.description)
            writer.line("\(access)var \(name): \(type)")
            parameters.append("\(name): \(type)\(isOptional ? " = .absent" : "")")
        }
        writer.line()
        writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
            for variable in variables {
                let name = SwiftNames.identifier(variable.name)
                writer.line("self.\(name) = \(name)")
            }
        }
        writer.line()
        writer.line("\(access)var __variables: [String: OrionAPI.JSONValue] { OrionAPI.JSONValue.fields([")
        for variable in variables {
            let name = SwiftNames.identifier(variable.name)
            let isNullable: Bool
            if case .nonNull = variable.type, variable.defaultValue == nil { isNullable = false } else { isNullable = true }
            writer.line("  \(SwiftLiteral.string(variable.name)): \(name)\(isNullable ? ".inputValue()" : ".jsonValue"),")
        }
        writer.line("]) }")
        renderDefaultVariables(variables, into: &writer)
    }

    /// `__defaultVariables`, for the variables that declare a default value: what the client
    /// evaluates @include/@skip and arguments with when the variable is not sent. Nothing when
    /// none does (the protocol's default is empty).
    private func renderDefaultVariables(_ variables: [IRVariable], into writer: inout SwiftWriter) {
        let defaults = variables.compactMap { variable in variable.defaultValue.map { (variable.name, $0) } }
        guard !defaults.isEmpty else { return }
        writer.line()
        writer.line("\(access)static var __defaultVariables: [String: OrionAPI.JSONValue] { [")
        for (name, value) in defaults { writer.line("  \(SwiftLiteral.string(name)): \(types.jsonLiteral(value)),") }
        writer.line("] }")
    }
}
