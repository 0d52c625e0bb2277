import GraphQLLanguage

/// Fragment Name Uniqueness (spec 5.5.1.1): each fragment's name is unique in the document.
struct UniqueFragmentNames: ValidationRule {
    static let name = "UniqueFragmentNames"
    let context: ValidationContext
    private var known: [String: Location?] = [:]

    init(context: ValidationContext) { self.context = context }

    mutating func enter(_ node: ASTNode) {
        switch node {
        case .document:
            known = [:]
        case .fragment(let fragment):
            if let first = known[fragment.name.value] {
                context.report("There can be only one fragment named '\(fragment.name.value)'.", first, fragment.name.location)
            } else {
                known[fragment.name.value] = fragment.name.location
            }
        default:
            break
        }
    }
}
