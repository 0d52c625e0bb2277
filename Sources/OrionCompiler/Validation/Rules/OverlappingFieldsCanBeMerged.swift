import GraphQLLanguage

/// Field Selection Merging (spec 5.3.2): fields with the same response name in a selection set
/// (directly, or through fragments) must be mergeable: the same field with the same arguments,
/// unless their parents are different object types, and never of conflicting return types.
///
/// The algorithm, after graphql-js's:
///
/// A. For a selection set, collect its fields by response name, through inline fragments, and
///    the names of the fragments it spreads (memoized per selection set: `fieldsCache`).
/// B. Compare the fields of each response name with one another.
/// C. Compare those fields with the fields of each fragment spread, and the fragments with
///    each other. A fragment is compared through its flattened fields (its own and those of
///    the fragments it spreads, transitively; memoized in `flattenedCache`), and fragment pairs
///    are compared once (`comparedFragmentPairs`), which keeps documents where every fragment
///    spreads many others from going quadratic or worse.
/// D. Two fields conflict when (unless their parents are different object types, which makes
///    them mutually exclusive) their names or arguments differ, or when their return types
///    conflict (list and non-null shapes must match, leaf types must be equal); then their
///    sub-selections are compared by the same steps, the conflicts found there becoming the
///    reason for theirs.
struct OverlappingFieldsCanBeMerged: ValidationRule {
    static let name = "OverlappingFieldsCanBeMerged"
    let context: ValidationContext
    private let state: MergeState

    init(context: ValidationContext) {
        self.context = context
        self.state = MergeState(context: context)
    }

    func enter(_ node: ASTNode) {
        guard case .selectionSet(let selectionSet) = node else { return }
        let selections = selectionSet.selections
        if selections.count <= 1, !(selections.first.map { if case .inlineFragment = $0 { true } else { false } } ?? false) { return }
        for conflict in state.conflictsWithin(context.typeInfo.parentType, selectionSet) where state.firstReport(of: conflict) {
            context.report(
                "Fields '\(abbreviate(conflict.responseName))' conflict because \(conflict.reason). Use different aliases on the fields to fetch both if this was intentional.",
                nodes: conflict.fields1 + conflict.fields2)
        }
    }
}

private func abbreviate(_ text: String) -> String {
    text.count > 1000 ? String(text.prefix(1000)) + "..." : text
}

private struct Conflict {
    var responseName: String
    var reason: String
    var fields1: [Location?]
    var fields2: [Location?]
}

/// A field selection with the type it was selected on and its definition there.
private struct FieldEntry {
    var parentType: SchemaType?
    var node: Field
    var definition: SchemaField?
}

/// Fields by response name, in order of first appearance.
///
/// The fast path: a selection repeated as is (`name name name`, or the same field in several
/// fragments) is kept once, since identical selections cannot conflict with each other and
/// conflict with others exactly as one of them does; without it, a document repeating a field
/// n times costs n² comparisons.
private struct FieldMap {
    var names: [String] = []
    var fields: [String: [FieldEntry]] = [:]
    private var signatures: Set<String> = []

    mutating func add(_ entry: FieldEntry) {
        let node = entry.node
        let signature = [
            node.responseKey, entry.parentType?.name ?? "", node.name.value,
            node.arguments.map { "\($0.name.value):\(Printer.print($0.value))" }.joined(separator: ","),
            node.directives.map { "\($0.name.value)\($0.arguments.map { Printer.print($0.value) })" }.joined(separator: ","),
            node.selectionSet.map { Printer.print($0) } ?? "",
        ].joined(separator: "|")
        guard signatures.insert(signature).inserted else { return }
        let key = node.responseKey
        if fields[key] == nil { names.append(key) }
        fields[key, default: []].append(entry)
    }
}

/// The memo tables of one validation: a reference, so every selection set the rule meets
/// shares them.
private final class MergeState {
    let context: ValidationContext
    /// A: fields and spread fragments per selection set, keyed by where the set is.
    private var fieldsCache: [Location: (FieldMap, [String])] = [:]
    /// C: each fragment's fields with those of the fragments it spreads, transitively.
    private var flattenedCache: [String: FieldMap] = [:]
    /// C: fragment pairs already compared, and whether under mutually exclusive parents.
    private var comparedFragmentPairs: Set<FragmentPair> = []

    private struct FragmentPair: Hashable {
        var first: String
        var second: String
        var mutuallyExclusive: Bool
    }

    /// The pairs of fields already reported: a conflict inside an inline fragment is found
    /// from the fragment's selection set and from its parent's, and reported once.
    private var reportedPairs: Set<[Int]> = []

    init(context: ValidationContext) {
        self.context = context
    }

    func firstReport(of conflict: Conflict) -> Bool {
        let key = (conflict.fields1 + conflict.fields2).map { $0?.start ?? -1 }
        return reportedPairs.insert(key).inserted
    }

    // B and C within one selection set.
    func conflictsWithin(_ parentType: SchemaType?, _ selectionSet: SelectionSet) -> [Conflict] {
        var conflicts: [Conflict] = []
        let (fieldMap, fragmentNames) = fieldsAndFragments(parentType, selectionSet)
        collectWithin(&conflicts, fieldMap)
        for (index, name) in fragmentNames.enumerated() {
            collectBetweenFieldsAndFragment(&conflicts, false, fieldMap, name)
            for other in fragmentNames[(index + 1)...] {
                collectBetweenFragments(&conflicts, false, name, other)
            }
        }
        return conflicts
    }

    private func collectWithin(_ conflicts: inout [Conflict], _ fieldMap: FieldMap) {
        for name in fieldMap.names {
            guard let fields = fieldMap.fields[name], fields.count > 1 else { continue }
            for first in 0..<fields.count {
                for second in (first + 1)..<fields.count {
                    if let conflict = findConflict(false, name, fields[first], fields[second]) { conflicts.append(conflict) }
                }
            }
        }
    }

    private func collectBetween(_ conflicts: inout [Conflict], _ mutuallyExclusive: Bool, _ map1: FieldMap, _ map2: FieldMap) {
        for name in map1.names {
            guard let fields1 = map1.fields[name], let fields2 = map2.fields[name] else { continue }
            for field1 in fields1 {
                for field2 in fields2 {
                    if let conflict = findConflict(mutuallyExclusive, name, field1, field2) { conflicts.append(conflict) }
                }
            }
        }
    }

    private func collectBetweenFieldsAndFragment(
        _ conflicts: inout [Conflict], _ mutuallyExclusive: Bool, _ fieldMap: FieldMap, _ fragmentName: String
    ) {
        collectBetween(&conflicts, mutuallyExclusive, fieldMap, flattenedFields(fragmentName))
    }

    private func collectBetweenFragments(_ conflicts: inout [Conflict], _ mutuallyExclusive: Bool, _ name1: String, _ name2: String) {
        guard name1 != name2 else { return }
        let pair = FragmentPair(first: min(name1, name2), second: max(name1, name2), mutuallyExclusive: mutuallyExclusive)
        // A pair compared as mutually exclusive is covered by the stricter comparison too.
        guard !comparedFragmentPairs.contains(pair),
              !comparedFragmentPairs.contains(FragmentPair(first: pair.first, second: pair.second, mutuallyExclusive: false)) else { return }
        comparedFragmentPairs.insert(pair)
        collectBetween(&conflicts, mutuallyExclusive, flattenedFields(name1), flattenedFields(name2))
    }

    /// C: a fragment's fields and those of every fragment it spreads, transitively.
    private func flattenedFields(_ name: String) -> FieldMap {
        if let cached = flattenedCache[name] { return cached }
        // A cycle (reported by NoFragmentCycles) contributes nothing the second time round.
        flattenedCache[name] = FieldMap()
        guard let fragment = context.fragment(name) else { return FieldMap() }
        var (fields, nested) = fieldsAndFragments(context.schema[fragment.typeCondition.name.value], fragment.selectionSet)
        for nestedName in nested {
            let nestedFields = flattenedFields(nestedName)
            for responseName in nestedFields.names {
                for entry in nestedFields.fields[responseName] ?? [] { fields.add(entry) }
            }
        }
        flattenedCache[name] = fields
        return fields
    }

    /// D: sub-selections of two fields that may merge.
    private func conflictsBetweenSubSelections(
        _ mutuallyExclusive: Bool, _ type1: SchemaType?, _ set1: SelectionSet, _ type2: SchemaType?, _ set2: SelectionSet
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
        let (fields1, names1) = fieldsAndFragments(type1, set1)
        let (fields2, names2) = fieldsAndFragments(type2, set2)
        collectBetween(&conflicts, mutuallyExclusive, fields1, fields2)
        for name in names2 { collectBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields1, name) }
        for name in names1 { collectBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields2, name) }
        for name1 in names1 {
            for name2 in names2 { collectBetweenFragments(&conflicts, mutuallyExclusive, name1, name2) }
        }
        return conflicts
    }

    // D
    private func findConflict(_ parentsMutuallyExclusive: Bool, _ responseName: String, _ field1: FieldEntry, _ field2: FieldEntry) -> Conflict? {
        let mutuallyExclusive = parentsMutuallyExclusive
            || (field1.parentType?.name != field2.parentType?.name
                && field1.parentType?.kind == .object && field2.parentType?.kind == .object)
        let node1 = field1.node
        let node2 = field2.node
        if !mutuallyExclusive {
            if node1.name.value != node2.name.value {
                return Conflict(
                    responseName: responseName,
                    reason: "'\(abbreviate(node1.name.value))' and '\(abbreviate(node2.name.value))' are different fields",
                    fields1: [node1.location], fields2: [node2.location])
            }
            if !sameArguments(node1.arguments, node2.arguments) {
                return Conflict(responseName: responseName, reason: "they have differing arguments", fields1: [node1.location], fields2: [node2.location])
            }
        }
        if let type1 = field1.definition?.type, let type2 = field2.definition?.type, typesConflict(type1, type2) {
            return Conflict(
                responseName: responseName, reason: "they return conflicting types '\(type1)' and '\(type2)'",
                fields1: [node1.location], fields2: [node2.location])
        }
        if let set1 = node1.selectionSet, let set2 = node2.selectionSet {
            let type1 = field1.definition.flatMap { context.schema.namedType($0.type) }
            let type2 = field2.definition.flatMap { context.schema.namedType($0.type) }
            let nested = conflictsBetweenSubSelections(mutuallyExclusive, type1, set1, type2, set2)
            guard !nested.isEmpty else { return nil }
            var message = ""
            for conflict in nested {
                message += (message.isEmpty ? "" : " and ") + "subfields '\(abbreviate(conflict.responseName))' conflict because \(conflict.reason)"
                if message.count > 1000 { break }
            }
            return Conflict(
                responseName: responseName, reason: abbreviate(message),
                fields1: [node1.location] + nested.flatMap(\.fields1), fields2: [node2.location] + nested.flatMap(\.fields2))
        }
        return nil
    }

    private func sameArguments(_ first: [Argument], _ second: [Argument]) -> Bool {
        guard first.count == second.count else { return false }
        return first.allSatisfy { argument in
            second.contains { $0.name.value == argument.name.value && Printer.print($0.value) == Printer.print(argument.value) }
        }
    }

    /// List and non-null shapes must match; leaf types must be the same type; composite types
    /// are compared through their fields instead.
    private func typesConflict(_ type1: TypeReference, _ type2: TypeReference) -> Bool {
        switch (type1, type2) {
        case (.list(let inner1, _), .list(let inner2, _)), (.nonNull(let inner1, _), .nonNull(let inner2, _)):
            return typesConflict(inner1, inner2)
        case (.list, _), (_, .list), (.nonNull, _), (_, .nonNull):
            return true
        case (.named(let name1), .named(let name2)):
            let leaf1 = context.schema[name1.name.value]?.isLeaf ?? false
            let leaf2 = context.schema[name2.name.value]?.isLeaf ?? false
            return (leaf1 || leaf2) && name1.name.value != name2.name.value
        }
    }

    // A
    private func fieldsAndFragments(_ parentType: SchemaType?, _ selectionSet: SelectionSet) -> (FieldMap, [String]) {
        if let location = selectionSet.location, let cached = fieldsCache[location] { return cached }
        var fieldMap = FieldMap()
        var fragmentNames: [String] = []
        collectFields(parentType, selectionSet, &fieldMap, &fragmentNames)
        let result = (fieldMap, fragmentNames)
        if let location = selectionSet.location { fieldsCache[location] = result }
        return result
    }

    private func collectFields(_ parentType: SchemaType?, _ selectionSet: SelectionSet, _ fieldMap: inout FieldMap, _ fragmentNames: inout [String]) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parentType.flatMap { context.typeInfo.fieldDefinition(field.name.value, on: $0) }
                fieldMap.add(FieldEntry(parentType: parentType, node: field, definition: definition))
            case .fragmentSpread(let spread):
                if !fragmentNames.contains(spread.name.value) { fragmentNames.append(spread.name.value) }
            case .inlineFragment(let inline):
                let type = inline.typeCondition.map { context.schema[$0.name.value] } ?? parentType
                collectFields(type, inline.selectionSet, &fieldMap, &fragmentNames)
            }
        }
    }
}
