import GraphQLLanguage

/// Leaf Field Selections (spec 5.3.3): fields of scalar and enum type have no selections;
/// fields of object, interface and union type have some.
struct ScalarLeafs: ValidationRule {
    static let name = "ScalarLeafs"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .field(let field) = node, let type = context.typeInfo.type,
              let named = context.schema.namedType(type) else { return }
        let name = field.name.value
        if named.isLeaf, let selectionSet = field.selectionSet {
            context.report("Field '\(name)' must not have a selection since type '\(type)' has no subfields.", selectionSet.location)
        } else if !named.isLeaf, field.selectionSet == nil {
            context.report("Field '\(name)' of type '\(type)' must have a selection of subfields. Did you mean '\(name) { ... }'?", field.location)
        }
    }
}
