import GraphQLLanguage

/// Values of Correct Type (spec 5.6.1), with Input Object Field Names (5.6.2) and Input Object
/// Required Fields (5.6.4), and @oneOf input objects: every literal value can be coerced to the
/// input type expected where it stands. Variables are checked by VariablesInAllowedPosition.
///
/// Messages are graphql-js's, without its "Did you mean" suggestions.
struct ValuesOfCorrectType: ValidationRule {
    static let name = "ValuesOfCorrectType"
    let context: ValidationContext
    /// The object values being walked, innermost last, with their input object type.
    private var objects: [(ObjectValue, SchemaType?)] = []

    init(context: ValidationContext) { self.context = context }

    mutating func enter(_ node: ASTNode) {
        switch node {
        case .value(let value):
            check(value)
        case .objectField(let field):
            guard let (object, type) = objects.last, let type, type.kind == .inputObject,
                  type.inputField(field.name.value) == nil else { return }
            context.report(
                "Expected value of type '\(type.name)' not to include unknown field '\(field.name.value)', found: \(Self.text(.object(object))).",
                field.location)
        default:
            break
        }
    }

    mutating func leave(_ node: ASTNode) {
        if case .value(.object) = node { objects.removeLast() }
    }

    private mutating func check(_ value: Value) {
        // Entering a list value already moved the type info to its items' type.
        let isList: Bool = if case .list = value { true } else { false }
        let expected = isList ? context.typeInfo.parentInputType : context.typeInfo.inputType
        if case .object(let object) = value {
            objects.append((object, expected.flatMap { context.schema.namedType($0) }))
        }
        guard let expected else { return }
        switch value {
        case .variable:
            return
        case .null:
            if case .nonNull = expected {
                context.report("Expected value of non-null type '\(expected)' not to be None.", value.location)
            }
        case .list:
            // A list literal where a list is expected: its items are checked one by one.
            if case .list = Self.nullable(expected) { return }
            checkLeaf(value, Self.nullable(expected))
        case .object(let object):
            guard let type = context.schema.namedType(expected), case .named = Self.nullable(expected), type.kind == .inputObject else {
                checkLeaf(value, Self.nullable(expected))
                return
            }
            checkInputObject(object, type, at: value.location)
        default:
            checkLeaf(value, Self.nullable(expected))
        }
    }

    private func checkInputObject(_ object: ObjectValue, _ type: SchemaType, at location: Location?) {
        let given = Set(object.fields.map(\.name.value))
        for field in type.inputFields where field.isRequired && !given.contains(field.name) {
            context.report(
                "Expected value of type '\(type.name)' to include required field '\(field.name)', found: \(Self.text(.object(object))).",
                location)
        }
        if type.isOneOf {
            let single = object.fields.count == 1
            let isNull: Bool = if case .null? = object.fields.first?.value { true } else { false }
            if !single || isNull {
                context.report(
                    "Within OneOf Input Object type '\(type.name)', exactly one field must be specified, and the value for that field must be non-null.",
                    location)
            }
        }
    }

    /// A value where a scalar or enum (or, for a list type, one of its items) is expected.
    private func checkLeaf(_ value: Value, _ expected: TypeReference) {
        switch expected {
        case .nonNull(let inner, _), .list(let inner, _):
            if case .null = value { return }
            checkLeaf(value, inner)
        case .named(let named):
            guard let type = context.schema[named.name.value] else { return }
            if let message = Self.problem(value, type) {
                context.report(message, value.location)
            }
        }
    }

    /// What is wrong with `value` as a `type`, as graphql-js's scalars say it.
    private static func problem(_ value: Value, _ type: SchemaType) -> String? {
        let shown = text(value)
        switch type.kind {
        case .enum:
            if case .enum(let enumValue) = value {
                return type.enumValues.contains { $0.name == enumValue.value }
                    ? nil : "Value '\(enumValue.value)' does not exist in '\(type.name)' enum."
            }
            return "Enum '\(type.name)' cannot represent non-enum value: \(shown)."
        case .inputObject:
            return "Expected value of type '\(type.name)' to be an object, found: \(shown)."
        case .scalar:
            switch (type.name, value) {
            case ("Int", .int(let int)):
                return Int32(int.value) == nil ? "Int cannot represent non 32-bit signed integer value: \(shown)" : nil
            case ("Int", _): return "Int cannot represent non-integer value: \(shown)"
            case ("Float", .int), ("Float", .float): return nil
            case ("Float", _): return "Float cannot represent non numeric value: \(shown)"
            case ("String", .string): return nil
            case ("String", _): return "String cannot represent a non string value: \(shown)"
            case ("Boolean", .boolean): return nil
            case ("Boolean", _): return "Boolean cannot represent a non boolean value: \(shown)"
            case ("ID", .string), ("ID", .int): return nil
            case ("ID", _): return "ID cannot represent a non-string and non-integer value: \(shown)"
            default: return nil  // A custom scalar accepts any literal; its server decides.
            }
        default:
            return nil
        }
    }

    private static func nullable(_ type: TypeReference) -> TypeReference {
        if case .nonNull(let inner, _) = type { return inner }
        return type
    }

    /// A value as graphql-js prints it in messages: `{ a: 1 }`, `[1, 2]`, `"text"`.
    static func text(_ value: Value) -> String {
        switch value {
        case .object(let object):
            object.fields.isEmpty ? "{}" : "{ " + object.fields.map { "\($0.name.value): \(text($0.value))" }.joined(separator: ", ") + " }"
        case .list(let list):
            "[" + list.values.map(text).joined(separator: ", ") + "]"
        default:
            Printer.print(value)
        }
    }
}
