import GraphQLLanguage

/// Required Arguments (spec 5.4.2.1): every non-null argument without a default is given.
struct ProvidedRequiredArguments: ValidationRule {
    static let name = "ProvidedRequiredArguments"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func leave(_ node: ASTNode) {
        switch node {
        case .field(let field):
            guard let definition = context.typeInfo.fieldDefinition, let parent = context.typeInfo.parentType else { return }
            let given = Set(field.arguments.map(\.name.value))
            for argument in definition.arguments where argument.isRequired && !given.contains(argument.name) {
                context.report(
                    "Argument '\(parent.name).\(field.name.value)(\(argument.name):)' of type '\(argument.type)' is required, but it was not provided.",
                    field.location)
            }
        case .directive(let directive):
            guard let definition = context.schema.directives[directive.name.value] else { return }
            let given = Set(directive.arguments.map(\.name.value))
            for argument in definition.arguments where argument.isRequired && !given.contains(argument.name) {
                context.report(
                    "Argument '@\(directive.name.value)(\(argument.name):)' of type '\(argument.type)' is required, but it was not provided.",
                    directive.location)
            }
        default:
            break
        }
    }
}
