import GraphQLLanguage

/// Variables Are Input Types (spec 5.8.2): a variable's type is a scalar, enum or input object.
struct VariablesAreInputTypes: ValidationRule {
    static let name = "VariablesAreInputTypes"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .variableDefinition(let definition) = node,
              let type = context.schema.namedType(definition.type), !type.isInputType else { return }
        context.report(
            "Variable '$\(definition.variable.name.value)' cannot be non-input type '\(definition.type)'.", definition.type.location)
    }
}
