import GraphQLLanguage

/// Executable Definitions (spec 5.1.1): a document submitted for execution holds only
/// operations and fragments.
struct ExecutableDefinitions: ValidationRule {
    static let name = "ExecutableDefinitions"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .document(let document) = node else { return }
        for definition in document.definitions where !definition.isExecutable {
            let name: String = switch definition {
            case .schema, .schemaExtension: "schema"
            case .type(let type): "'\(type.name.value)'"
            case .typeExtension(let type): "'\(type.name.value)'"
            case .directive(let directive): "'\(directive.name.value)'"
            case .directiveExtension(let directive): "'\(directive.name.value)'"
            case .operation, .fragment: ""
            }
            context.report("The \(name) definition is not executable.", definition.location)
        }
    }
}
