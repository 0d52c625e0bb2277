import GraphQLLanguage

/// Operation Name Uniqueness (spec 5.2.1.1): each named operation's name is unique in the
/// document.
struct UniqueOperationNames: ValidationRule {
    static let name = "UniqueOperationNames"
    let context: ValidationContext
    private var known: [String: Location?] = [:]

    init(context: ValidationContext) { self.context = context }

    mutating func enter(_ node: ASTNode) {
        switch node {
        case .document:
            known = [:]
        case .operation(let operation):
            guard let name = operation.name else { return }
            if let first = known[name.value] {
                context.report("There can be only one operation named '\(name.value)'.", first, name.location)
            } else {
                known[name.value] = name.location
            }
        default:
            break
        }
    }
}
