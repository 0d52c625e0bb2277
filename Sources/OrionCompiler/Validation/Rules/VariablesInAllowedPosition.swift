import GraphQLLanguage

/// All Variable Usages Are Allowed (spec 5.8.5): a variable's type fits where it is used; a
/// nullable variable fits a non-null position only with a default value (its own or the
/// position's).
struct VariablesInAllowedPosition: ValidationRule {
    static let name = "VariablesInAllowedPosition"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .operation(let operation) = node else { return }
        var definitions: [String: VariableDefinition] = [:]
        for definition in operation.variableDefinitions { definitions[definition.variable.name.value] = definition }
        for usage in context.recursiveVariableUsages(operation) {
            guard let definition = definitions[usage.variable.name.value], let expected = usage.type,
                  context.schema.namedType(definition.type) != nil else { continue }
            if !allowed(definition.type, hasDefault: definition.defaultValue != nil, in: expected, locationHasDefault: usage.hasDefault) {
                context.report(
                    "Variable '$\(usage.variable.name.value)' of type '\(definition.type)' used in position expecting type '\(expected)'.",
                    definition.location, usage.variable.location)
            }
        }
    }

    private func allowed(_ variableType: TypeReference, hasDefault: Bool, in locationType: TypeReference, locationHasDefault: Bool) -> Bool {
        if case .nonNull(let inner, _) = locationType, !isNonNull(variableType) {
            // A default (of the variable, or of the argument) stands in for null.
            guard hasDefault || locationHasDefault else { return false }
            return isSubtype(variableType, of: inner)
        }
        return isSubtype(variableType, of: locationType)
    }

    private func isNonNull(_ type: TypeReference) -> Bool {
        if case .nonNull = type { return true }
        return false
    }

    private func isSubtype(_ candidate: TypeReference, of expected: TypeReference) -> Bool {
        switch (candidate, expected) {
        case (.nonNull(let inner, _), .nonNull(let expectedInner, _)): isSubtype(inner, of: expectedInner)
        case (.nonNull(let inner, _), _): isSubtype(inner, of: expected)
        case (_, .nonNull): false
        case (.list(let inner, _), .list(let expectedInner, _)): isSubtype(inner, of: expectedInner)
        case (.list, _), (_, .list): false
        case (.named(let name), .named(let expectedName)): context.schema.isSubType(name.name.value, of: expectedName.name.value)
        }
    }
}
