import GraphQLLanguage

/// Input Object Field Uniqueness (spec 5.6.3): an input object value gives each field once.
struct UniqueInputFieldNames: ValidationRule {
    static let name = "UniqueInputFieldNames"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .value(.object(let object)) = node else { return }
        var first: [String: Location?] = [:]
        for field in object.fields {
            if let seen = first[field.name.value] {
                context.report("There can be only one input field named '\(field.name.value)'.", seen, field.name.location)
            } else {
                first[field.name.value] = field.name.location
            }
        }
    }
}
