import GraphQLLanguage

/// Directives Are Unique Per Location (spec 5.7.3): a non-repeatable directive appears once
/// where it is used.
struct UniqueDirectivesPerLocation: ValidationRule {
    static let name = "UniqueDirectivesPerLocation"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        let directives: [Directive]
        switch node {
        case .operation(let operation): directives = operation.directives
        case .field(let field): directives = field.directives
        case .fragmentSpread(let spread): directives = spread.directives
        case .inlineFragment(let inline): directives = inline.directives
        case .fragment(let fragment): directives = fragment.directives
        case .variableDefinition(let definition): directives = definition.directives
        default: return
        }
        var first: [String: Location?] = [:]
        for directive in directives {
            let name = directive.name.value
            guard let definition = context.schema.directives[name], !definition.isRepeatable else { continue }
            if let seen = first[name] {
                context.report("The directive '@\(name)' can only be used once at this location.", seen, directive.location)
            } else {
                first[name] = directive.location
            }
        }
    }
}
