import OrionAPI

extension [Selection] {
    /// Calls `body` with each field these selections include for an object of type `typename`:
    /// their own, and those of type cases and fragments whose type condition it satisfies, with
    /// @include and @skip evaluated. What normalizing a response and reading the cache both walk.
    func forEachField(
        typename: String?, variables: [String: JSONValue], schema: any SchemaMetadata.Type, _ body: (Selection.Field) throws -> Void
    ) rethrows {
        for selection in self {
            let fragment: any SelectionSet.Type
            let condition: InclusionCondition?
            switch selection {
            case .field(let field):
                if let condition = field.condition, !condition.evaluate(with: variables) { continue }
                try body(field)
                continue
            case .inlineFragment(let type, let inclusion):
                (fragment, condition) = (type, inclusion)
            case .fragment(let type, let inclusion):
                (fragment, condition) = (type, inclusion)
            }
            if let condition, !condition.evaluate(with: variables) { continue }
            if let typename, !fragment.__parentType.isSatisfied(byTypename: typename, in: schema) { continue }
            try fragment.__selections.forEachField(typename: typename, variables: variables, schema: schema, body)
        }
    }
}
