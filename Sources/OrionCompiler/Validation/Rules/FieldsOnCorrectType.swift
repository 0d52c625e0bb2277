import GraphQLLanguage

/// Field Selections (spec 5.3.1): a selected field is defined on the type it is selected on.
struct FieldsOnCorrectType: ValidationRule {
    static let name = "FieldsOnCorrectType"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .field(let field) = node, let parent = context.typeInfo.parentType,
              context.typeInfo.fieldDefinition == nil else { return }
        let fieldName = field.name.value
        let typeSuggestions = suggestedTypes(for: fieldName, on: parent)
        let hint = typeSuggestions.isEmpty
            ? Suggestions.didYouMean(Suggestions.list(fieldName, parent.fields.map(\.name)))
            : Suggestions.didYouMean(typeSuggestions, subject: "to use an inline fragment on")
        context.report("Cannot query field '\(fieldName)' on type '\(parent.name)'.\(hint)", field.location)
    }

    /// For an abstract type: the possible types, and their interfaces, that have the field, the
    /// most used first, an interface before the types that implement it.
    private func suggestedTypes(for fieldName: String, on parent: SchemaType) -> [String] {
        guard parent.isAbstract else { return [] }
        let schema = context.schema
        var suggested: [String] = []
        var usage: [String: Int] = [:]
        for name in schema.possibleObjectTypes(parent.name) {
            guard let possible = schema[name], possible.field(fieldName) != nil else { continue }
            if usage[name] == nil { suggested.append(name) }
            usage[name] = 1
            for interfaceName in possible.interfaceNames where schema[interfaceName]?.field(fieldName) != nil {
                if usage[interfaceName] == nil { suggested.append(interfaceName) }
                usage[interfaceName, default: 0] += 1
            }
        }
        return suggested.sorted { first, second in
            let (a, b) = (usage[first] ?? 0, usage[second] ?? 0)
            if a != b { return a > b }
            if schema[first]?.kind == .interface && schema.isSubType(second, of: first) { return true }
            if schema[second]?.kind == .interface && schema.isSubType(first, of: second) { return false }
            return Suggestions.naturalOrder(first, second)
        }
    }
}
