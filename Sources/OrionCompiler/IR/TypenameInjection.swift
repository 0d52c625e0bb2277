import GraphQLLanguage

/// Adds `__typename` to every selection set of a field and every fragment that lacks it, as
/// the documents are sent: generated models always know their concrete type (type cases, cache
/// normalization) without the user selecting it. The IR's first step when asked
/// (``IRBuilder/compile(_:schema:injectingTypename:)``).
enum TypenameInjection {
    static func apply(to document: Document) -> Document {
        var copy = document
        copy.definitions = document.definitions.map { definition in
            switch definition {
            case .operation(var operation):
                operation.selectionSet = inject(operation.selectionSet, addTypename: false)
                return .operation(operation)
            case .fragment(var fragment):
                fragment.selectionSet = inject(fragment.selectionSet, addTypename: true)
                return .fragment(fragment)
            default:
                return definition
            }
        }
        return copy
    }

    private static func inject(_ selectionSet: SelectionSet, addTypename: Bool) -> SelectionSet {
        var copy = selectionSet
        copy.selections = selectionSet.selections.map { selection in
            switch selection {
            case .field(var field):
                if let nested = field.selectionSet { field.selectionSet = inject(nested, addTypename: true) }
                return .field(field)
            case .inlineFragment(var inline):
                inline.selectionSet = inject(inline.selectionSet, addTypename: false)
                return .inlineFragment(inline)
            case .fragmentSpread:
                return selection
            }
        }
        let hasTypename = copy.selections.contains { selection in
            if case .field(let field) = selection { return field.alias == nil && field.name.value == "__typename" && field.directives.isEmpty }
            return false
        }
        if addTypename && !hasTypename {
            copy.selections.insert(.field(Field(name: Name("__typename"))), at: 0)
        }
        return copy
    }
}
