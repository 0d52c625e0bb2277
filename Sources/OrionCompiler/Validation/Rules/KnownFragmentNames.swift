import GraphQLLanguage

/// Fragment Spread Target Defined (spec 5.5.2.1): a spread names a defined fragment.
struct KnownFragmentNames: ValidationRule {
    static let name = "KnownFragmentNames"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .fragmentSpread(let spread) = node, context.fragment(spread.name.value) == nil else { return }
        context.report("Unknown fragment '\(spread.name.value)'.", spread.name.location)
    }
}
