/// Computes the fields each generated Swift type exposes: its own, plus those of fragments and
/// inline fragments that always apply to it (no @include/@skip, and a type condition its type
/// always satisfies), plus, for a type case such as `asHuman`, those of the enclosing selection.
///
/// A fragment's merged fields are computed once and reused at every spread, and nested
/// selections of a field selected by several sources are merged only when asked for, so the
/// work stays proportional to what code generation renders.
public struct FieldMerger {
    private let schema: Schema
    private let fragments: [String: IRFragment]
    /// Merged fields per fragment: every spread of a fragment exposes the same fields.
    private var fragmentCache: [String: [IRField]] = [:]

    public init(_ result: CompilationResult, schema: Schema) {
        self.schema = schema
        var fragments: [String: IRFragment] = [:]
        for fragment in result.fragments { fragments[fragment.name] = fragment }
        self.fragments = fragments
    }

    /// The fields of `selectionSet`'s Swift type, one per response key, in order of first
    /// appearance; `enclosing` are the fields of the selection set a type case sits in.
    public mutating func mergedFields(of selectionSet: IRSelectionSet, enclosing: [IRField] = []) -> [IRField] {
        var merged = OrderedFields()
        merged.add(selectionSet.fields)
        for inline in selectionSet.inlineFragments where inline.inclusion.isAlways {
            if let condition = inline.typeCondition, !schema.isSubType(selectionSet.parentTypeName, of: condition) { continue }
            merged.add(mergedFields(of: inline.selectionSet))
        }
        for spread in selectionSet.fragmentSpreads where spread.inclusion.isAlways && spread.isAlwaysApplicable {
            merged.add(fragmentFields(spread.fragmentName))
        }
        merged.add(enclosing)
        return merged.fields
    }

    private mutating func fragmentFields(_ name: String) -> [IRField] {
        if let cached = fragmentCache[name] { return cached }
        // Guards a (rejected by validation) cycle: the fragment contributes nothing to itself.
        fragmentCache[name] = []
        let fields = fragments[name].map { mergedFields(of: $0.selectionSet) } ?? []
        fragmentCache[name] = fields
        return fields
    }
}

/// Fields by response key in order of first appearance; a key added again merges into the first.
struct OrderedFields {
    private(set) var fields: [IRField] = []
    private var indexByKey: [String: Int] = [:]

    mutating func add(_ newFields: [IRField]) {
        for field in newFields { add(field) }
    }

    mutating func add(_ field: IRField) {
        guard let index = indexByKey[field.responseKey] else {
            indexByKey[field.responseKey] = fields.count
            fields.append(field)
            return
        }
        var existing = fields[index]
        if !existing.inclusion.isAlways && (field.inclusion.isAlways || existing.inclusion != field.inclusion) {
            existing.inclusion = field.inclusion.isAlways
                ? .always : Inclusion(alternatives: (existing.inclusion.alternatives + field.inclusion.alternatives).uniqued())
        }
        if let nested = field.selectionSet {
            if var combined = existing.selectionSet {
                var nestedFields = OrderedFields()
                nestedFields.add(combined.fields)
                nestedFields.add(nested.fields)
                combined.fields = nestedFields.fields
                combined.inlineFragments += nested.inlineFragments
                combined.fragmentSpreads += nested.fragmentSpreads.filter { spread in
                    !combined.fragmentSpreads.contains { $0.fragmentName == spread.fragmentName && $0.inclusion == spread.inclusion }
                }
                existing.selectionSet = combined
            } else {
                existing.selectionSet = nested
            }
        }
        fields[index] = existing
    }
}
