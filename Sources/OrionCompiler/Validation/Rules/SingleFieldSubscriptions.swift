import GraphQLLanguage

/// Single Root Field (spec 5.2.3.1): a subscription selects exactly one root field, not an
/// introspection field, and without @skip or @include at the top level.
///
/// The root fields are collected as execution collects them (CollectFields): through inline
/// fragments and spreads whose type condition the subscription type satisfies.
struct SingleFieldSubscriptions: ValidationRule {
    static let name = "SingleFieldSubscriptions"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .operation(let operation) = node, operation.operation == .subscription,
              let root = context.schema.rootType(for: .subscription) else { return }
        var collected = Collected()
        collect(operation.selectionSet, root: root.name, into: &collected, visited: [])
        let subject = operation.name.map { "Subscription '\($0.value)'" } ?? "Anonymous Subscription"
        if !collected.forbiddenDirectives.isEmpty {
            context.report("\(subject) must not use `@skip` or `@include` directives in the top level selection.", nodes: collected.forbiddenDirectives)
            return
        }
        if collected.keys.isEmpty {
            context.report("\(subject) must select one top level field.", operation.selectionSet.location)
            return
        }
        if collected.keys.count > 1 {
            context.report("\(subject) must select only one top level field.",
                           nodes: collected.keys.dropFirst().flatMap { collected.fields[$0] ?? [] }.map(\.location))
        }
        for key in collected.keys {
            guard let fields = collected.fields[key], let first = fields.first, first.name.value.hasPrefix("__") else { continue }
            context.report("\(subject) must not select an introspection top level field.", nodes: fields.map(\.location))
        }
    }

    private struct Collected {
        var keys: [String] = []
        var fields: [String: [Field]] = [:]
        var forbiddenDirectives: [Location?] = []
    }

    private func collect(_ selectionSet: SelectionSet, root: String, into collected: inout Collected, visited: Set<String>) {
        for selection in selectionSet.selections {
            let forbidden = selection.directives.filter { $0.name.value == "skip" || $0.name.value == "include" }
            if !forbidden.isEmpty {
                collected.forbiddenDirectives += forbidden.map(\.location)
                continue
            }
            switch selection {
            case .field(let field):
                if collected.fields[field.responseKey] == nil { collected.keys.append(field.responseKey) }
                collected.fields[field.responseKey, default: []].append(field)
            case .inlineFragment(let inline):
                if let condition = inline.typeCondition, !context.schema.isSubType(root, of: condition.name.value) { continue }
                collect(inline.selectionSet, root: root, into: &collected, visited: visited)
            case .fragmentSpread(let spread):
                guard !visited.contains(spread.name.value), let fragment = context.fragment(spread.name.value),
                      context.schema.isSubType(root, of: fragment.typeCondition.name.value) else { continue }
                collect(fragment.selectionSet, root: root, into: &collected, visited: visited.union([spread.name.value]))
            }
        }
    }
}
