import GraphQLLanguage

/// Removes `@catch` from the documents' text that is sent: it is a client directive (what the
/// generated code does with an error), which a server does not know. The IR keeps it; the
/// operation's text, and so its identifier for persisted queries, is the text sent.
enum CatchStripping {
    static func apply(to operation: OperationDefinition, schema: Schema) -> OperationDefinition {
        guard schema.importsNullabilityDirective("catch") else { return operation }
        var copy = operation
        copy.selectionSet = strip(operation.selectionSet)
        return copy
    }

    static func apply(to fragment: FragmentDefinition, schema: Schema) -> FragmentDefinition {
        guard schema.importsNullabilityDirective("catch") else { return fragment }
        var copy = fragment
        copy.selectionSet = strip(fragment.selectionSet)
        return copy
    }

    private static func strip(_ selectionSet: SelectionSet) -> SelectionSet {
        var copy = selectionSet
        copy.selections = selectionSet.selections.map { selection in
            switch selection {
            case .field(var field):
                field.directives.removeAll { $0.name.value == "catch" }
                if let nested = field.selectionSet { field.selectionSet = strip(nested) }
                return .field(field)
            case .inlineFragment(var inline):
                inline.selectionSet = strip(inline.selectionSet)
                return .inlineFragment(inline)
            case .fragmentSpread:
                return selection
            }
        }
        return copy
    }
}
