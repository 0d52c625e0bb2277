import GraphQLLanguage

extension SchemaValidator {
    /// The pagination policies a type declares (``PaginationPolicy``): each names a field of the
    /// type, each pagination argument is an argument of the field, and the field returns a list
    /// or an object type with a list field (the list whose pages are concatenated); a Relay
    /// connection field returns an object type with a list field and has at least one of
    /// `first`, `after`, `last`, `before`.
    mutating func validatePagination(of type: SchemaType) {
        for policy in PaginationPolicy.policies(of: type) {
            let directive = policy.isConnection ? "@typePolicy(connectionFields:)" : "@fieldPolicy(paginationArgs:)"
            guard let field = type.field(policy.field) else {
                report("\(directive) names field '\(policy.field)', which type '\(type.name)' does not have.", policy.location)
                continue
            }
            let name = "\(type.name).\(field.name)"
            if policy.isConnection {
                if policy.arguments.isEmpty {
                    report("Connection field '\(name)' has none of the arguments 'first', 'after', 'last', 'before' that select a page: declare it with @fieldPolicy(forField:, paginationArgs:) instead.", policy.location)
                }
            } else {
                for argument in policy.arguments where field.argument(argument) == nil {
                    report("\(directive) names argument '\(argument)', which field '\(name)' does not have.", policy.location)
                }
            }
            if !returnsPages(field, connection: policy.isConnection) {
                let what = policy.isConnection ? "an object type with a list field (its edges)" : "a list, or an object type with a list field"
                report("Field '\(name)' of type '\(field.type)' cannot merge its pages: \(directive) needs a field that returns \(what).", policy.location)
            }
        }
    }

    /// Whether a field's pages have a list to concatenate.
    private func returnsPages(_ field: SchemaField, connection: Bool) -> Bool {
        if Self.isList(field.type) { return !connection }
        guard let returned = schema.namedType(field.type), returned.kind == .object else { return false }
        return returned.fields.contains { Self.isList($0.type) }
    }

    private static func isList(_ type: TypeReference) -> Bool {
        switch type {
        case .named: return false
        case .list: return true
        case .nonNull(let inner, _): return isList(inner)
        }
    }
}
