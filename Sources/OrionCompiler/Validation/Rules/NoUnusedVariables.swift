import GraphQLLanguage

/// All Variables Used (spec 5.8.4): every variable an operation defines is used, directly or
/// in its fragments.
struct NoUnusedVariables: ValidationRule {
    static let name = "NoUnusedVariables"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .operation(let operation) = node else { return }
        let used = Set(context.recursiveVariableUsages(operation).map(\.variable.name.value))
        for definition in operation.variableDefinitions where !used.contains(definition.variable.name.value) {
            let name = definition.variable.name.value
            let message = operation.name.map { "Variable '$\(name)' is never used in operation '\($0.value)'." }
                ?? "Variable '$\(name)' is never used."
            context.report(message, definition.location)
        }
    }
}
