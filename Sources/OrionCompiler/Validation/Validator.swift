import GraphQLLanguage

/// Validates executable documents against a schema with the given rules, collecting every
/// error (sorted by file, then position), never stopping at the first.
///
/// The documents are one pool, as in code generation: a fragment defined in one may be used in
/// another. For one document this is graphql-js's `validate`.
public func validate(
    _ documents: [Document], schema: Schema, rules: [any ValidationRule.Type] = specifiedRules
) -> [GraphQLError] {
    let context = ValidationContext(schema: schema, documents: documents)
    var walker = ValidationWalker(context: context, rules: rules.map { $0.init(context: context) })
    for document in documents { document.walk(&walker) }
    return context.errors.sorted { first, second in
        let a = first.locations.first
        let b = second.locations.first
        let aName = a.flatMap(first.source(of:))?.name ?? ""
        let bName = b.flatMap(second.source(of:))?.name ?? ""
        if aName != bName { return aName < bName }
        return (a?.start ?? 0) < (b?.start ?? 0)
    }
}

/// Walks documents once, keeping the context's type information current and handing every
/// node to every rule.
private struct ValidationWalker: ASTVisitor {
    let context: ValidationContext
    var rules: [any ValidationRule]

    mutating func enter(_ node: ASTNode) -> VisitAction {
        context.typeInfo.enter(node)
        for index in rules.indices { rules[index].enter(node) }
        return .continue
    }

    mutating func leave(_ node: ASTNode) {
        for index in rules.indices { rules[index].leave(node) }
        context.typeInfo.leave(node)
    }
}
