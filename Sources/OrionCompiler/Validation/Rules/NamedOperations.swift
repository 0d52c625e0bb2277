import GraphQLLanguage

/// Every operation has a name: generated Swift types are named after operations.
struct NamedOperations: ValidationRule {
    static let name = "NamedOperations"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .operation(let operation) = node, operation.name == nil else { return }
        context.report(
            "This \(operation.operation.rawValue) has no name: generated Swift types are named after operations, so give it one (e.g. '\(operation.operation.rawValue) LaunchList { ... }').",
            operation.location)
    }
}
