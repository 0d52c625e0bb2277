import GraphQLLanguage

/// Fragment Spread Is Possible (spec 5.5.2.3): a fragment's type and the type it is spread in
/// can have an object type in common.
struct PossibleFragmentSpreads: ValidationRule {
    static let name = "PossibleFragmentSpreads"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard let parent = context.typeInfo.parentType, parent.isComposite else { return }
        switch node {
        case .inlineFragment(let inline):
            guard let condition = inline.typeCondition, let type = context.schema[condition.name.value], type.isComposite,
                  !context.schema.typesOverlap(parent.name, type.name) else { return }
            context.report(
                "Fragment cannot be spread here as objects of type '\(parent.name)' can never be of type '\(type.name)'.",
                inline.location)
        case .fragmentSpread(let spread):
            guard let fragment = context.fragment(spread.name.value), let type = context.schema[fragment.typeCondition.name.value],
                  type.isComposite, !context.schema.typesOverlap(parent.name, type.name) else { return }
            context.report(
                "Fragment '\(spread.name.value)' cannot be spread here as objects of type '\(parent.name)' can never be of type '\(type.name)'.",
                spread.location)
        default:
            break
        }
    }
}
