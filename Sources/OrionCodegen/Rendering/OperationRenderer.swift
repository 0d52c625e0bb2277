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
    static func typeName(name: String, operationType: OperationType) -> String {
        let suffix: String
        switch operationType {
        case .query: suffix = "Query"
        case .mutation: suffix = "Mutation"
        case .subscription: suffix = "Subscription"
        }
        let swiftName = SwiftNames.upperFirst(name)
        return swiftName.hasSuffix(suffix) ? swiftName : swiftName + suffix
    }

    static func typeName(_ operation: IROperation) -> String {
        typeName(name: operation.name, operationType: operation.operationType)
    }

    /// Members of a generated operation that a variable's property must not take.
    static let reservedVariableNames: Set<String> = [
        "__variables", "__operation", "__defaultVariables", "hashValue", "variablesWithDefaults", "hasDeferredFragments",
    ]

    /// - Parameters:
    ///   - document: The whole text the client sends, whose hash the generated code carries.
    ///   - fragmentTypeNames: The Swift types of the fragments `document` lists after the
    ///     operation's definition, in its order.
    func render(_ operation: IROperation, data: IRModel, document: String, fragmentTypeNames: [String], into writer: inout SwiftWriter) {
        let protocolName: String
        switch operation.operationType {
        case .query: protocolName = "GraphQLQuery"
        case .mutation: protocolName = "GraphQLMutation"
        case .subscription: protocolName = "GraphQLSubscription"
        }
        writer.documentation(operation.description)
        writer.block("\(access)struct \(Self.typeName(operation)): OrionAPI.\(protocolName), Swift.Hashable") { writer in
            renderMetadata(operation, document: document, fragmentTypeNames: fragmentTypeNames, into: &writer)
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

    /// `__operation`: the name, schema, document (its definition, the fragments it refers to,
    /// whose text each holds once, and the hash of the whole), and the variables' defaults and
    /// `@defer`, which are written only when there are some.
    private func renderMetadata(_ operation: IROperation, document: String, fragmentTypeNames: [String], into writer: inout SwiftWriter) {
        writer.line("\(access)static let __operation = OrionAPI.OperationMetadata(\(SwiftLiteral.string(operation.name)), "
            + "schema: \(types.qualified("SchemaMetadata")).self, document: OrionAPI.OperationDocument(")
        let literal = SwiftLiteral.rawMultiline(operation.definitionText, indent: "    ")
        writer.line("  \(fragmentTypeNames.isEmpty ? "text" : "definition"): " + literal[0])
        for line in literal.dropFirst().dropLast() { writer.line(line) }
        writer.line(literal[literal.count - 1] + ",")
        if !fragmentTypeNames.isEmpty { writer.line("  fragments: [\(fragmentTypeNames.map { $0 + ".self" }.joined(separator: ", "))],") }
        writer.line("  identifier: \(SwiftLiteral.string(SHA256.hexDigest(document)))")
        let defaults = operation.variables.compactMap { variable in variable.defaultValue.map { (variable.name, $0) } }
        let deferred = operation.hasDeferredFragments ? ", hasDeferredFragments: true" : ""
        guard !defaults.isEmpty else {
            writer.line(")\(deferred))")
            return
        }
        // What the client evaluates @include/@skip and arguments with when a variable is not sent.
        writer.line("), defaultVariables: [")
        for (name, value) in defaults { writer.line("  \(SwiftLiteral.string(name)): \(types.jsonLiteral(value)),") }
        writer.line("]\(deferred))")
    }

    private func renderVariables(_ variables: [IRVariable], into writer: inout SwiftWriter) {
        let names = SwiftNames.memberIdentifiers(variables.map(\.name), avoiding: Self.reservedVariableNames)
        var parameters: [String] = []
        for (variable, name) in zip(variables, names) {
            let isOptional: Bool
            let type: String
            if case .nonNull(let inner, _) = variable.type, variable.defaultValue != nil {
                // A non-null variable with a default may be left out: the server uses the default.
                type = "OrionAPI.GraphQLNullable<\(types.input(.nonNull(inner, location: nil)))>"
                isOptional = true
            } else {
                type = types.input(variable.type)
                isOptional = type.hasPrefix("OrionAPI.GraphQLNullable")
            }
            writer.documentation(variable.description)
            writer.line("\(access)var \(name): \(type)")
            parameters.append("\(name): \(type)\(isOptional ? " = .absent" : "")")
        }
        writer.line()
        writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
            for name in names { writer.line("self.\(name) = \(name)") }
        }
        writer.line()
        writer.line("\(access)var __variables: [Swift.String: OrionAPI.JSONValue] { OrionAPI.JSONValue.fields([")
        for (variable, name) in zip(variables, names) {
            let isNullable: Bool
            if case .nonNull = variable.type, variable.defaultValue == nil { isNullable = false } else { isNullable = true }
            writer.line("  \(SwiftLiteral.string(variable.name)): \(name)\(isNullable ? ".inputValue()" : ".jsonValue"),")
        }
        writer.line("]) }")
    }
}
