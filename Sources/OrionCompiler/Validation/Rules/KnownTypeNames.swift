import GraphQLLanguage

/// Fragment Spread Type Existence and variable types (spec 5.5.1.2, 5.8.2): every type a
/// document names (type conditions, variable types, and types in any type-system definition
/// it holds) exists in the schema or is defined by the documents.
struct KnownTypeNames: ValidationRule {
    static let name = "KnownTypeNames"
    let context: ValidationContext
    private let definedTypes: Set<String>

    init(context: ValidationContext) {
        self.context = context
        var defined: Set<String> = []
        for document in context.documents {
            for case .type(let type) in document.definitions { defined.insert(type.name.value) }
        }
        self.definedTypes = defined
    }

    func enter(_ node: ASTNode) {
        guard case .type(.named(let named)) = node else { return }
        let name = named.name.value
        if context.schema[name] == nil && !definedTypes.contains(name) {
            let candidates = context.schema.typeNames.filter(context.schema.isListed) + definedTypes.sorted()
            context.report("Unknown type '\(name)'.\(Suggestions.didYouMean(Suggestions.list(name, candidates)))", named.location)
        }
    }
}
