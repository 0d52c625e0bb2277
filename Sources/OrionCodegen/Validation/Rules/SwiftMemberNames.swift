import GraphQLLanguage
import OrionCompiler

/// A field's Swift property must not take the name of a member generated models declare
/// (`fragments`, `jsonObject`, `asHuman` of a type case beside it), nor the name of another
/// field of the same selection set (`self` and `self_` are both `self_`). The fix is an alias,
/// which the message suggests.
struct SwiftMemberNames: ValidationRule {
    static let name = "SwiftMemberNames"
    /// Members every generated model declares, besides its fields.
    static let modelMembers: Set<String> = ["fragments", "jsonObject", "hashValue", "__data", "__metadata", "__parentType", "__selections"]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .selectionSet(let selectionSet) = node else { return }
        let parent = context.typeInfo.parentType?.name ?? "its type"
        // The type cases this selection set declares: `... on Human` is `asHuman`.
        var typeCases: Set<String> = []
        for case .inlineFragment(let inline) in selectionSet.selections {
            if let condition = inline.typeCondition { typeCases.insert("as" + SwiftNames.upperFirst(condition.name.value)) }
        }
        var propertyKeys: [String: String] = [:]
        for case .field(let field) in selectionSet.selections {
            let key = field.responseKey
            let property = SwiftNames.identifier(key).filter { $0 != "`" }
            if Self.modelMembers.contains(key) || typeCases.contains(key) {
                context.report(
                    "Field \"\(key)\" on type \"\(parent)\" would clash with the generated member `\(key)`; give it an alias, e.g. `\(key)Value: \(field.name.value)`.",
                    field.location)
            } else if let other = propertyKeys[property], other != key {
                context.report(
                    "Fields \"\(other)\" and \"\(key)\" on type \"\(parent)\" would both be the Swift property `\(property)`; give one an alias, e.g. `\(key)Value: \(field.name.value)`.",
                    field.location)
            } else {
                propertyKeys[property] = key
            }
        }
    }
}
