import GraphQLLanguage

/// @catch Levels In Range (nullability v0.4): each level of `@catch(levels:)` is a position of
/// the field's type: 0 the field, 1 its list's items, and so on to the depth of its lists.
struct CatchLevelsInRange: ValidationRule {
    static let name = "CatchLevelsInRange"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: ASTNode) {
        guard case .field(let field) = node, let caught = context.schema.catchDirective(of: field),
              let type = context.typeInfo.type else { return }
        let depth = Self.listDepth(type)
        for level in caught.levels where level < 0 || level > depth {
            context.report(
                "Field '\(field.responseKey)' of type '\(type)' has no level \(level) for '@catch(levels:)': its levels are 0 (the field)\(depth > 0 ? " to \(depth) (its lists' items)" : " only").",
                caught.location)
        }
    }

    /// How many lists the type nests.
    static func listDepth(_ type: TypeReference) -> Int {
        switch type {
        case .named: return 0
        case .nonNull(let inner, _): return listDepth(inner)
        case .list(let inner, _): return 1 + listDepth(inner)
        }
    }
}
