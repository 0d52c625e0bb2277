import GraphQLLanguage

/// Fragments Must Be Used (spec 5.5.1.4): every fragment is spread by some operation, directly
/// or through other fragments.
public struct NoUnusedFragments: ValidationRule {
    public static let name = "NoUnusedFragments"
    let context: ValidationContext

    public init(context: ValidationContext) { self.context = context }

    public func leave(_ node: ASTNode) {
        guard case .document(let document) = node else { return }
        // Used anywhere in the pool: a fragment may serve an operation of another file.
        let used = context.usedFragmentNames
        for case .fragment(let fragment) in document.definitions where !used.contains(fragment.name.value) {
            context.report("Fragment '\(fragment.name.value)' is never used.", fragment.location)
        }
    }
}
