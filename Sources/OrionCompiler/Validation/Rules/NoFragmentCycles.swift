import GraphQLLanguage

/// Fragment Spreads Must Not Form Cycles (spec 5.5.2.2).
///
/// A depth-first walk from each fragment along its spreads, with the path of spreads taken;
/// a spread back to a fragment on the path is a cycle, reported once, at the spreads that form
/// it. Fragments already walked from are not walked again, so the work is linear.
struct NoFragmentCycles: ValidationRule {
    static let name = "NoFragmentCycles"
    let context: ValidationContext
    private var visited: Set<String> = []
    private var path: [FragmentSpread] = []
    /// Where each fragment on the current path starts in `path`.
    private var pathIndex: [String: Int] = [:]

    init(context: ValidationContext) { self.context = context }

    mutating func enter(_ node: ASTNode) {
        guard case .fragment(let fragment) = node else { return }
        detectCycles(from: fragment)
    }

    private mutating func detectCycles(from fragment: FragmentDefinition) {
        let name = fragment.name.value
        guard visited.insert(name).inserted else { return }
        pathIndex[name] = path.count
        for spread in Self.spreads(in: fragment.selectionSet) {
            let target = spread.name.value
            path.append(spread)
            if let start = pathIndex[target] {
                let cycle = path[start...]
                let via = cycle.dropLast().map { "'\($0.name.value)'" }
                context.report(
                    "Cannot spread fragment '\(target)' within itself" + (via.isEmpty ? "." : " via \(via.joined(separator: ", ")).") ,
                    nodes: cycle.map(\.location))
            } else if let next = context.fragment(target) {
                detectCycles(from: next)
            }
            path.removeLast()
        }
        pathIndex[name] = nil
    }

    private static func spreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        var result: [FragmentSpread] = []
        for selection in selectionSet.selections {
            switch selection {
            case .fragmentSpread(let spread): result.append(spread)
            case .field(let field): result += field.selectionSet.map(spreads) ?? []
            case .inlineFragment(let inline): result += spreads(in: inline.selectionSet)
            }
        }
        return result
    }
}
