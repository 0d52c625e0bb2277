import GraphQLLanguage

/// Field Selections (spec 5.3.1): a selected field is defined on the type it is selected on.
struct FieldsOnCorrectType: ValidationRule {
    static let name = "FieldsOnCorrectType"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .field(let field) = node, let parent = context.typeInfo.parentType,
              context.typeInfo.fieldDefinition == nil else { return }
        context.report("Cannot query field '\(field.name.value)' on type '\(parent.name)'.", field.location)
    }
}
