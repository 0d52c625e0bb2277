import GraphQLLanguage

/// All Variable Uses Defined (spec 5.8.3): every variable an operation uses, directly or in its
/// fragments, is defined by that operation.
struct NoUndefinedVariables: ValidationRule {
    static let name = "NoUndefinedVariables"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .operation(let operation) = node else { return }
        let defined = Set(operation.variableDefinitions.map(\.variable.name.value))
        var reported: Set<String> = []
        for usage in context.recursiveVariableUsages(operation) {
            let name = usage.variable.name.value
            guard !defined.contains(name), reported.insert(name + "@\(usage.variable.location?.start ?? 0)").inserted else { continue }
            let message = operation.name.map { "Variable '$\(name)' is not defined by operation '\($0.value)'." }
                ?? "Variable '$\(name)' is not defined."
            context.report(message, usage.variable.location, operation.location)
        }
    }
}
