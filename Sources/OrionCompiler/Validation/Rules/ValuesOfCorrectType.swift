import GraphQLLanguage

/// Values of Correct Type (spec 5.6.1), with Input Object Field Names (5.6.2) and Input Object
/// Required Fields (5.6.4), and @oneOf input objects: every literal value can be coerced to the
/// input type expected where it stands.
///
/// Each argument's or default's value is checked as a whole, recursively, as graphql-js's
/// `validateInputLiteral` does; variables are left to VariablesInAllowedPosition. Messages are
/// graphql-js's, without its "Did you mean" suggestions.
struct ValuesOfCorrectType: ValidationRule {
    static let name = "ValuesOfCorrectType"
    let context: ValidationContext
    /// How deep the walk is inside a value already checked as a whole.
    private var depth = 0

    init(context: ValidationContext) { self.context = context }

    mutating func enter(_ node: ASTNode) {
        guard case .value(let value) = node else { return }
        depth += 1
        guard depth == 1 else { return }
        // Entering a list value already moved the type info to its items' type.
        let isList: Bool = if case .list = value { true } else { false }
        guard let expected = isList ? context.typeInfo.parentInputType : context.typeInfo.inputType else { return }
        check(value, expected)
    }

    mutating func leave(_ node: ASTNode) {
        if case .value = node { depth -= 1 }
    }

    private func check(_ value: Value, _ expected: TypeReference) {
        if case .variable = value { return }
        switch expected {
        case .nonNull(let inner, _):
            if case .null = value {
                context.report("Expected value of non-null type '\(expected)' not to be None.", value.location)
                return
            }
            check(value, inner)
        case .list(let item, _):
            if case .null = value { return }
            if case .list(let list) = value {
                for element in list.values { check(element, item) }
            } else {
                check(value, item)  // A single value stands for a list of one.
            }
        case .named(let named):
            if case .null = value { return }
            guard let type = context.schema[named.name.value] else { return }
            if type.kind == .inputObject {
                checkInputObject(value, type)
            } else if let message = Self.problem(value, type) {
                // graphql-js reports a list or object given for a scalar without a location.
                switch value {
                case .list, .object: context.report(message, nodes: [])
                default: context.report(message, value.location)
                }
            }
        }
    }

    private func checkInputObject(_ value: Value, _ type: SchemaType) {
        guard case .object(let object) = value else {
            context.report("Expected value of type '\(type.name)' to be an object, found: \(Self.text(value)).", value.location)
            return
        }
        for field in type.inputFields {
            // A field given twice is checked by its last value, as graphql-js does (UniqueInputFieldNames reports the repeat).
            if let given = object.fields.last(where: { $0.name.value == field.name }) {
                check(given.value, field.type)
            } else if field.isRequired {
                context.report(
                    "Expected value of type '\(type.name)' to include required field '\(field.name)', found: \(Self.text(value)).",
                    value.location)
            }
        }
        var known: [ObjectField] = []
        for field in object.fields {
            if type.inputField(field.name.value) == nil {
                let suggestions = Suggestions.list(field.name.value, type.inputFields.map(\.name))
                let found = suggestions.isEmpty
                    ? ", found: \(Self.text(value))." : ".\(Suggestions.didYouMean(suggestions)) Found: \(Self.text(value))."
                context.report("Expected value of type '\(type.name)' not to include unknown field '\(field.name.value)'\(found)", field.location)
            } else {
                known.append(field)
            }
        }
        if type.isOneOf {
            let isNull: Bool = if case .null? = known.first?.value { true } else { false }
            if known.count != 1 || isNull {
                context.report(
                    "Within OneOf Input Object type '\(type.name)', exactly one field must be specified, and the value for that field must be non-null.",
                    value.location)
            }
        }
    }

    /// What is wrong with `value` as a scalar or enum `type`, as graphql-js's scalars say it.
    private static func problem(_ value: Value, _ type: SchemaType) -> String? {
        let shown = text(withoutVariables(value))
        switch type.kind {
        case .enum:
            let hint = Suggestions.didYouMean(Suggestions.list(shown, type.enumValues.map(\.name)), subject: "the enum value")
            if case .enum(let enumValue) = value {
                return type.enumValues.contains { $0.name == enumValue.value }
                    ? nil : "Value '\(enumValue.value)' does not exist in '\(type.name)' enum.\(hint)"
            }
            return "Enum '\(type.name)' cannot represent non-enum value: \(shown).\(hint)"
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

    /// The value as graphql-js shows it after replacing variables it has no values for: object
    /// fields given by a variable are left out.
    private static func withoutVariables(_ value: Value) -> Value {
        switch value {
        case .object(var object):
            object.fields = object.fields.compactMap { field in
                if case .variable = field.value { return nil }
                var field = field
                field.value = withoutVariables(field.value)
                return field
            }
            return .object(object)
        case .list(var list):
            list.values = list.values.map(withoutVariables)
            return .list(list)
        default:
            return value
        }
    }

    /// A value as graphql-js prints it in messages: `{ a: 1 }`, `[1, 2]`, `"text"`.
    static func text(_ value: Value) -> String {
        switch value {
        case .object(let object):
            "{ " + object.fields.map { "\($0.name.value): \(text($0.value))" }.joined(separator: ", ") + " }"
        case .list(let list):
            "[" + list.values.map(text).joined(separator: ", ") + "]"
        default:
            Printer.print(value)
        }
    }
}
