import GraphQLLanguage

/// Directives Are Defined and In Valid Locations (spec 5.7.1, 5.7.2).
struct KnownDirectives: ValidationRule {
    static let name = "KnownDirectives"
    let context: ValidationContext
    /// Where the walk is, for the location of the directives met.
    private var locations: [DirectiveLocation] = []

    init(context: ValidationContext) { self.context = context }

    mutating func enter(_ node: ASTNode) {
        switch node {
        case .operation(let operation):
            locations.append(operation.operation == .query ? .query : operation.operation == .mutation ? .mutation : .subscription)
        case .field: locations.append(.field)
        case .fragmentSpread: locations.append(.fragmentSpread)
        case .inlineFragment: locations.append(.inlineFragment)
        case .fragment: locations.append(.fragmentDefinition)
        case .variableDefinition: locations.append(.variableDefinition)
        case .directive(let directive):
            let name = directive.name.value
            guard let definition = context.schema.directives[name] else {
                context.report("Unknown directive '@\(name)'.", directive.location)
                return
            }
            if let location = locations.last, !definition.locations.contains(location) {
                context.report("Directive '@\(name)' may not be used on \(location.phrase).", directive.location)
            }
        default:
            break
        }
    }

    mutating func leave(_ node: ASTNode) {
        switch node {
        case .operation, .field, .fragmentSpread, .inlineFragment, .fragment, .variableDefinition: locations.removeLast()
        default: break
        }
    }
}
