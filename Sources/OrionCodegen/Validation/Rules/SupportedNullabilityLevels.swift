import GraphQLLanguage
import OrionCompiler

/// The generated Swift handles errors, and semantic non-nullness, at level 0 only (the field
/// itself, not its lists' items): `@catch(levels:)` and the `@semanticNonNull(levels:)` of a
/// selected field must be `[0]`, or the field is refused with what to do instead.
struct SupportedNullabilityLevels: ValidationRule {
    static let name = "SupportedNullabilityLevels"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .field(let field) = node else { return }
        let key = field.responseKey
        if let caught = context.schema.catchDirective(of: field), caught.levels != [0] {
            context.report(
                "Field '\(key)' uses '@catch(levels: \(caught.levels))', but Orion catches errors at level 0 only (the field itself, not its list's items): remove 'levels:' and catch on the field.",
                caught.location)
        }
        if let parent = context.typeInfo.parentType, let definition = context.typeInfo.fieldDefinition {
            let levels = context.schema.semanticNonNullLevels(of: definition, on: parent)
            if levels.contains(where: { $0 != 0 }) {
                context.report(
                    "Field '\(key)': the schema marks '\(parent.name).\(definition.name)' @semanticNonNull at levels \(levels), but Orion supports level 0 only (the field itself, not its list's items): mark level 0 only in the schema, or leave the items nullable.",
                    field.location)
            }
        }
    }
}
