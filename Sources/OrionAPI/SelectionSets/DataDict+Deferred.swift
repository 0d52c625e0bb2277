extension DataDict {
    /// Whether a deferred fragment of the data, at any depth, is pending: a cache read that
    /// found only part of a query with `@defer`, for which the client still asks the server.
    package func hasPendingDeferredFragments(selections: [Selection]) -> Bool {
        for (selection, value) in zip(selections, values) {
            switch selection {
            case .field(let field):
                guard let model = field.type.selectionSet else { continue }
                if value.hasPendingDeferredFragments(model) { return true }
            case .inlineFragment, .fragment:
                guard case .object(let data) = value, let model = selection.fragmentParts?.model else { continue }
                if data.hasPendingDeferredFragments(selections: model.__metadata.selections) { return true }
            case .deferred(let model, _, _):
                if case .excluded = value { return true }
                if case .object(let data) = value, data.hasPendingDeferredFragments(selections: model.__metadata.selections) { return true }
            }
        }
        return false
    }
}

extension DataDict.Value {
    fileprivate func hasPendingDeferredFragments(_ model: any SelectionSet.Type) -> Bool {
        switch self {
        case .object(let data): return data.hasPendingDeferredFragments(selections: model.__metadata.selections)
        case .list(let elements): return elements.contains { $0.hasPendingDeferredFragments(model) }
        default: return false
        }
    }
}
