import GraphQLLanguage

/// Consistent @catch (nullability v0.4): the selections of a response key that merge into one
/// field (in the same selection set, through inline fragments and fragment spreads, and in the
/// sub-selections of fields that merge) have the same `@catch`, or none: one value in the
/// response cannot be both a result and a throw.
///
/// A. Each operation's and fragment's selection set is collected by response key, following
///    inline fragments and spreads (each fragment once per collection).
/// B. The first selection of a key is compared with the others; a difference is reported once,
///    naming both (fragments checked alone and through an operation report it once).
/// C. The sub-selections of a key's fields are collected together and checked the same way.
struct ConsistentCatch: ValidationRule {
    static let name = "ConsistentCatch"
    let context: ValidationContext
    /// B: the pairs reported, by their locations' offsets.
    private var reported: Set<[Int]> = []

    init(context: ValidationContext) { self.context = context }

    mutating func enter(_ node: ASTNode) {
        guard context.schema.importsNullabilityDirective("catch") else { return }
        switch node {
        case .operation(let operation): check([operation.selectionSet])
        case .fragment(let fragment): check([fragment.selectionSet])
        default: return
        }
    }

    private mutating func check(_ selectionSets: [SelectionSet]) {
        // A
        var keys: [String] = []
        var fields: [String: [Field]] = [:]
        var visited: Set<String> = []
        for selectionSet in selectionSets { collect(selectionSet, keys: &keys, fields: &fields, visited: &visited) }
        for key in keys {
            guard let group = fields[key], let first = group.first else { continue }
            // B
            let expected = signature(first)
            if let other = group.dropFirst().first(where: { signature($0) != expected }) {
                let pair = [first.location?.start ?? -1, other.location?.start ?? -1]
                if reported.insert(pair).inserted {
                    context.report(
                        "Fields '\(key)' conflict because they have different @catch (\(expected) and \(signature(other))): use the same @catch on every selection of '\(key)', or give one an alias.",
                        first.location, other.location)
                }
            }
            // C
            let nested = group.compactMap(\.selectionSet)
            if !nested.isEmpty { check(nested) }
        }
    }

    private func collect(_ selectionSet: SelectionSet, keys: inout [String], fields: inout [String: [Field]], visited: inout Set<String>) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if fields[field.responseKey] == nil { keys.append(field.responseKey) }
                fields[field.responseKey, default: []].append(field)
            case .inlineFragment(let inline):
                collect(inline.selectionSet, keys: &keys, fields: &fields, visited: &visited)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted, let fragment = context.fragment(spread.name.value) else { continue }
                collect(fragment.selectionSet, keys: &keys, fields: &fields, visited: &visited)
            }
        }
    }

    /// How a selection's @catch reads in the message: `@catch(to: NULL)`, or `no @catch`.
    private func signature(_ field: Field) -> String {
        guard let caught = context.schema.catchDirective(of: field) else { return "no @catch" }
        let levels = caught.levels == [0] ? "" : ", levels: \(caught.levels)"
        return "@catch(to: \(caught.to.rawValue)\(levels))"
    }
}
