import GraphQLLanguage

/// Fragments On Composite Types (spec 5.5.1.3): fragments apply to objects, interfaces and
/// unions only.
struct FragmentsOnCompositeTypes: ValidationRule {
    static let name = "FragmentsOnCompositeTypes"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        switch node {
        case .inlineFragment(let inline):
            guard let condition = inline.typeCondition, let type = context.schema[condition.name.value], !type.isComposite else { return }
            context.report("Fragment cannot condition on non composite type '\(condition.name.value)'.", condition.location)
        case .fragment(let fragment):
            let condition = fragment.typeCondition
            guard let type = context.schema[condition.name.value], !type.isComposite else { return }
            context.report("Fragment '\(fragment.name.value)' cannot condition on non composite type '\(condition.name.value)'.", condition.location)
        default:
            break
        }
    }
}
