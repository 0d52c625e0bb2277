import OrionAPI

extension [Selection] {
    /// Calls `body` with each field these selections include for an object of type `typename`:
    /// their own, and those of type cases and fragments whose type condition it satisfies, with
    /// @include and @skip evaluated with `variables`: the operation's, with the default value of
    /// each it does not send (`variablesWithDefaults`). How the normalizer finds a response's
    /// fields, which it looks up by response key (a model's data it reads by position instead).
    func forEachField(
        typename: String?, variables: [String: JSONValue], _ body: (Selection.Field) throws -> Void
    ) rethrows {
        for selection in self {
            if case .field(let field) = selection {
                if let condition = field.condition, !condition.evaluate(with: variables) { continue }
                try body(field)
                continue
            }
            guard let (fragment, checksType, condition) = selection.fragmentParts else { continue }
            if let condition, !condition.evaluate(with: variables) { continue }
            if checksType, let typename, !fragment.__metadata.parentType.isSatisfied(byTypename: typename) { continue }
            try fragment.__metadata.selections.forEachField(typename: typename, variables: variables, body)
        }
    }
}
