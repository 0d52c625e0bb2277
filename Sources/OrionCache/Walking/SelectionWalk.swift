import OrionAPI

extension SelectionSetMetadata {
    /// Calls `body` with each field the selections include for an object of type `typename`:
    /// their own, and those of type cases and fragments whose type condition it satisfies, with
    /// @include and @skip evaluated with `variables`: the operation's, with the default value of
    /// each it does not send (`variablesWithDefaults`). How the normalizer finds a response's
    /// fields, which it looks up by response key (a model's data it reads by position instead).
    ///
    /// With each field, `body` gets the lookup hint of the selection list it is in (0 at the
    /// list's start; see `TapeReader.entryIndex(inObjectAt:forKey:hint:)`): a list's response keys are distinct,
    /// as a hint needs, while a fragment may select a key of its parent's again.
    func forEachField(
        typename: String?, variables: [String: JSONValue], _ body: (Selection.Field, inout KeySearchHint) throws -> Void
    ) rethrows {
        var hint = KeySearchHint()
        for index in selections.indices {
            // Each field borrowed from the table, not bound out of its selection (a retain).
            if let field = fields[index] {
                try field._withUnsafeGuaranteedRef { field in
                    if let condition = field.condition, !condition.evaluate(with: variables) { return }
                    try body(field, &hint)
                }
                continue
            }
            guard let (fragment, checksType, condition) = selections[index].fragmentParts else { continue }
            if let condition, !condition.evaluate(with: variables) { continue }
            if checksType, let typename, !fragment.__metadata.parentType.isSatisfied(byTypename: typename) { continue }
            try fragment.__metadata.forEachField(typename: typename, variables: variables, body)
        }
    }
}
