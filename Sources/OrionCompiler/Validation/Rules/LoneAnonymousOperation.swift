import GraphQLLanguage

/// Lone Anonymous Operation (spec 5.2.2.1): an anonymous operation must be the document's only
/// operation.
struct LoneAnonymousOperation: ValidationRule {
    static let name = "LoneAnonymousOperation"
    let context: ValidationContext
    private var operationCount = 0

    init(context: ValidationContext) { self.context = context }

    mutating func enter(_ node: ASTNode) {
        switch node {
        case .document(let document):
            operationCount = document.definitions.filter { if case .operation = $0 { true } else { false } }.count
        case .operation(let operation) where operation.name == nil && operationCount > 1:
            context.report("This anonymous operation must be the only defined operation.", operation.location)
        default:
            break
        }
    }
}
