import GraphQLLanguage

/// Variable Uniqueness (spec 5.8.1): an operation's variables have distinct names.
struct UniqueVariableNames: ValidationRule {
    static let name = "UniqueVariableNames"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .operation(let operation) = node else { return }
        let grouped = Dictionary(grouping: operation.variableDefinitions, by: \.variable.name.value)
        var reported: Set<String> = []
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            guard let all = grouped[name], all.count > 1, reported.insert(name).inserted else { continue }
            context.report("There can be only one variable named '$\(name)'.", nodes: all.map(\.variable.name.location))
        }
    }
}
