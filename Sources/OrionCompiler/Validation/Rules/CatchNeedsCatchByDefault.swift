import GraphQLLanguage

/// @catch Needs @catchByDefault (nullability v0.4, as Apollo Kotlin applies it): an operation
/// may catch errors only once the schema says what an error in every other field becomes.
struct CatchNeedsCatchByDefault: ValidationRule {
    static let name = "CatchNeedsCatchByDefault"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .field(let field) = node, context.schema.catchByDefault == nil,
              let caught = context.schema.catchDirective(of: field) else { return }
        context.report(
            "Field '\(field.responseKey)' uses '@catch', which needs the schema's default for the other fields: add 'extend schema @catchByDefault(to: NULL)' (GraphQL's behaviour), or to: THROW or RESULT, to a schema file.",
            caught.location)
    }
}
