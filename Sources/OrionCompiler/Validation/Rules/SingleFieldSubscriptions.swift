import GraphQLLanguage

/// Single Root Field (spec 5.2.3.1): a subscription selects exactly one root field, and not an
/// introspection field.
struct SingleFieldSubscriptions: ValidationRule {
    static let name = "SingleFieldSubscriptions"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .operation(let operation) = node, operation.operation == .subscription else { return }
        var fields: [Field] = []
        collectFields(operation.selectionSet, into: &fields, visited: [])
        var seenKeys: [String] = []
        var unique: [Field] = []
        for field in fields where !seenKeys.contains(field.responseKey) {
            seenKeys.append(field.responseKey)
            unique.append(field)
        }
        let subject = operation.name.map { "Subscription '\($0.value)'" } ?? "Anonymous Subscription"
        if unique.count > 1 {
            context.report("\(subject) must select only one top level field.", nodes: unique.dropFirst().map(\.location))
        }
        for field in unique where field.name.value.hasPrefix("__") {
            context.report("\(subject) must not select an introspection top level field.", field.location)
        }
    }

    /// The root fields, through fragments (whose directives do not apply to root selection).
    private func collectFields(_ selectionSet: SelectionSet, into fields: inout [Field], visited: Set<String>) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): fields.append(field)
            case .inlineFragment(let inline): collectFields(inline.selectionSet, into: &fields, visited: visited)
            case .fragmentSpread(let spread):
                guard !visited.contains(spread.name.value), let fragment = context.fragment(spread.name.value) else { continue }
                collectFields(fragment.selectionSet, into: &fields, visited: visited.union([spread.name.value]))
            }
        }
    }
}
