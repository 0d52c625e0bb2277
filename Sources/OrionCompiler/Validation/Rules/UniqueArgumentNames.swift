import GraphQLLanguage

/// Argument Uniqueness (spec 5.4.2): a field or directive is given each argument once.
struct UniqueArgumentNames: ValidationRule {
    static let name = "UniqueArgumentNames"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        let arguments: [Argument]
        switch node {
        case .field(let field): arguments = field.arguments
        case .directive(let directive): arguments = directive.arguments
        default: return
        }
        let grouped = Dictionary(grouping: arguments, by: \.name.value)
        var reported: Set<String> = []
        for argument in arguments {
            let name = argument.name.value
            guard let all = grouped[name], all.count > 1, reported.insert(name).inserted else { continue }
            context.report("There can be only one argument named '\(name)'.", nodes: all.map(\.name.location))
        }
    }
}
