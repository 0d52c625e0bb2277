import GraphQLLanguage

/// Argument Names (spec 5.4.1): every argument is defined by its field or directive.
struct KnownArgumentNames: ValidationRule {
    static let name = "KnownArgumentNames"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        switch node {
        case .directive(let directive):
            guard let definition = context.schema.directives[directive.name.value] else { return }
            for argument in directive.arguments where definition.argument(argument.name.value) == nil {
                let hint = Suggestions.didYouMean(Suggestions.list(argument.name.value, definition.arguments.map(\.name)))
                context.report("Unknown argument '\(argument.name.value)' on directive '@\(directive.name.value)'.\(hint)", argument.location)
            }
        case .field(let field):
            guard let definition = context.typeInfo.fieldDefinition, let parent = context.typeInfo.parentType else { return }
            for argument in field.arguments where definition.argument(argument.name.value) == nil {
                let hint = Suggestions.didYouMean(Suggestions.list(argument.name.value, definition.arguments.map(\.name)))
                context.report("Unknown argument '\(argument.name.value)' on field '\(parent.name).\(field.name.value)'.\(hint)", argument.location)
            }
        default:
            break
        }
    }
}
