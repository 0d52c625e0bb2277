import GraphQLLanguage

/// Operation Type Existence (spec 5.2.1 in the September 2025 edition): the schema has a root
/// type for each operation's type.
struct KnownOperationTypes: ValidationRule {
    static let name = "KnownOperationTypes"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .operation(let operation) = node, context.schema.rootType(for: operation.operation) == nil else { return }
        context.report("The \(operation.operation.rawValue) operation is not supported by the schema.", operation.location)
    }
}
