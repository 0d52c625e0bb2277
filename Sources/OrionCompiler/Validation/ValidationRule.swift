import GraphQLLanguage

/// One validation rule of the spec (or of the code generator): created for each validation,
/// it sees every node of the documents as it is entered and left, with the context's
/// `typeInfo` describing where the walk is, and reports what is wrong through the context.
public protocol ValidationRule {
    /// The rule's name, as graphql-js names it without the `Rule` suffix.
    static var name: String { get }
    init(context: ValidationContext)
    mutating func enter(_ node: ASTNode)
    mutating func leave(_ node: ASTNode)
}

extension ValidationRule {
    public mutating func enter(_ node: ASTNode) {}
    public mutating func leave(_ node: ASTNode) {}
}
