import GraphQLLanguage

/// Fragment Spread Type Existence and variable types (spec 5.5.1.2, 5.8.2): every type named
/// in a type condition or variable definition exists in the schema.
struct KnownTypeNames: ValidationRule {
    static let name = "KnownTypeNames"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        let named: NamedType
        switch node {
        case .fragment(let fragment): named = fragment.typeCondition
        case .inlineFragment(let inline):
            guard let condition = inline.typeCondition else { return }
            named = condition
        case .variableDefinition(let definition): named = definition.type.namedType
        default: return
        }
        if context.schema[named.name.value] == nil {
            context.report("Unknown type '\(named.name.value)'.", named.location)
        }
    }
}
