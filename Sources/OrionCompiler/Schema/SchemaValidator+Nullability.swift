import GraphQLLanguage

extension SchemaValidator {
    /// The nullability directives a schema applies (when it imports them): each
    /// `@semanticNonNullField(name:)` names a field of its type, and each level of
    /// `@semanticNonNull(levels:)` is a position of the field's type (0 the field, 1 its list's
    /// items...) that can be null.
    mutating func validateSemanticNonNull(of type: SchemaType) {
        if schema.importsNullabilityDirective("semanticNonNullField") {
            for directive in type.appliedDirectives where directive.name.value == "semanticNonNullField" {
                guard case .string(let name)? = directive.arguments.first(where: { $0.name.value == "name" })?.value else { continue }
                guard let field = type.field(name.value) else {
                    report("'@semanticNonNullField(name: \"\(name.value)\")' names no field of type '\(type.name)'.", directive.location)
                    continue
                }
                checkLevels(Nullability.levels(directive), of: field, on: type, directive.location)
            }
        }
        guard schema.importsNullabilityDirective("semanticNonNull") else { return }
        for field in type.fields {
            for directive in field.appliedDirectives where directive.name.value == "semanticNonNull" {
                checkLevels(Nullability.levels(directive), of: field, on: type, directive.location)
            }
        }
    }

    private mutating func checkLevels(_ levels: [Int], of field: SchemaField, on type: SchemaType, _ location: Location?) {
        for level in levels {
            guard let position = Self.position(level, in: field.type) else {
                report("'\(type.name).\(field.name)' of type '\(field.type)' has no level \(level) for '@semanticNonNull': its levels go from 0 (the field) to the depth of its lists.", location)
                continue
            }
            if case .nonNull = position {
                report("'\(type.name).\(field.name)' is already non-null at level \(level) (type '\(field.type)'): '@semanticNonNull' marks a nullable position.", location)
            }
        }
    }

    /// The type at `level` of a field's type: the type itself at 0, its list's item type at 1...
    static func position(_ level: Int, in type: TypeReference) -> TypeReference? {
        guard level > 0 else { return level == 0 ? type : nil }
        switch type {
        case .named: return nil
        case .nonNull(let inner, _): return position(level, in: inner)
        case .list(let inner, _): return position(level - 1, in: inner)
        }
    }
}
