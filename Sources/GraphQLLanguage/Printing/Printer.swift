/// Prints an AST as GraphQL text, in the layout graphql-js uses: two-space indentation, one
/// selection or field per line, descriptions on the line before what they describe.
///
/// What it prints parses back to the same AST (locations aside): strings keep their values
/// (a block string that cannot print as one prints as a regular string), every optional part
/// that was present is printed, and an anonymous query keeps its `query` keyword where a bare
/// `{` would be read as part of the definition before it. An AST built by hand can hold what no
/// text parses to: an empty selection set prints as `{}`, which the parser refuses.
public enum Printer {
    /// The document as GraphQL text, definitions separated by a blank line.
    ///
    /// A plain anonymous query prints as its bare selection set, except after a definition that
    /// would read that `{` as its own block (`type T`, `extend schema @d`): there it keeps its
    /// `query` keyword, so that the text parses back to the same definitions.
    public static func print(_ document: Document) -> String {
        var printed: [String] = []
        printed.reserveCapacity(document.definitions.count)
        var previous: Definition?
        for definition in document.definitions {
            if case .operation(let node) = definition {
                printed.append(operation(node, shorthandAllowed: !(previous.map(acceptsBlock) ?? false)))
            } else {
                printed.append(print(definition))
            }
            previous = definition
        }
        return printed.joined(separator: "\n\n")
    }

    /// Whether a `{` right after the definition's text would be parsed as part of it: an object,
    /// interface, enum or input type (or extension) printed without its block, or a schema
    /// (extension) without operation types.
    private static func acceptsBlock(_ definition: Definition) -> Bool {
        func withoutBlock(_ kind: TypeKind, _ fields: [FieldDefinition], _ values: [EnumValueDefinition], _ inputFields: [InputValueDefinition]) -> Bool {
            switch kind {
            case .object, .interface: fields.isEmpty
            case .enum: values.isEmpty
            case .inputObject: inputFields.isEmpty
            case .scalar, .union: false
            }
        }
        switch definition {
        case .type(let node):
            return withoutBlock(node.kind, node.fields, node.enumValues, node.inputFields)
        case .typeExtension(let node):
            return withoutBlock(node.kind, node.fields, node.enumValues, node.inputFields)
        case .schema(let node):
            return node.operationTypes.isEmpty
        case .schemaExtension(let node):
            return node.operationTypes.isEmpty
        case .operation, .fragment, .directive, .directiveExtension:
            return false
        }
    }

    /// One definition as GraphQL text.
    public static func print(_ definition: Definition) -> String {
        switch definition {
        case .operation(let node): operation(node)
        case .fragment(let node): fragment(node)
        case .schema(let node):
            describe(node.description, join(["schema", directives(node.directives), block(node.operationTypes.map(operationType))]))
        case .type(let node): typeDefinition(node)
        case .directive(let node): directiveDefinition(node)
        case .schemaExtension(let node):
            join(["extend schema", directives(node.directives), block(node.operationTypes.map(operationType))])
        case .typeExtension(let node):
            "extend " + typeBody(
                kind: node.kind, name: node.name, interfaces: node.interfaces, directives: node.directives,
                fields: node.fields, members: node.unionMembers, values: node.enumValues, inputFields: node.inputFields)
        case .directiveExtension(let node):
            join(["extend directive @\(node.name.value)", directives(node.directives)])
        }
    }

    /// A value literal as GraphQL text.
    public static func print(_ value: Value) -> String {
        switch value {
        case .variable(let node): "$\(node.name.value)"
        case .int(let node): node.value
        case .float(let node): node.value
        case .string(let node): string(node)
        case .boolean(let node): node.value ? "true" : "false"
        case .null: "null"
        case .enum(let node): node.value
        case .list(let node): wrapped(node.values.map(print), open: "[", close: "]")
        case .object(let node):
            node.fields.isEmpty ? "{}" : wrapped(node.fields.map { "\($0.name.value): \(print($0.value))" }, open: "{ ", close: " }")
        }
    }

    /// The longest list or object value printed on one line, as graphql-js and graphql-core 3.3
    /// print them: a longer one has one item per line.
    static let maxLineLength = 80

    /// `[a, b]` or `{ a: 1 }` on one line when it fits in ``maxLineLength``, else one item per line.
    private static func wrapped(_ items: [String], open: String, close: String) -> String {
        let line = open + items.joined(separator: ", ") + close
        guard line.unicodeScalars.count > maxLineLength else { return line }
        return open.trimmingTrailingSpace() + "\n" + indent(items.joined(separator: "\n")) + "\n" + close.trimmingLeadingSpace()
    }

    /// A selection set as GraphQL text.
    public static func print(_ selectionSet: SelectionSet) -> String {
        block(selectionSet.selections.map(selection), allowEmpty: true)
    }

    // MARK: Executable definitions

    private static func operation(_ node: OperationDefinition, shorthandAllowed: Bool = true) -> String {
        let selections = print(node.selectionSet)
        if shorthandAllowed, node.operation == .query, node.name == nil, node.description == nil,
           node.variableDefinitions.isEmpty, node.directives.isEmpty {
            return selections
        }
        let variables = variableDefinitions(node.variableDefinitions)
        return describe(node.description, join([
            node.operation.rawValue + (node.name.map { " " + $0.value } ?? "") + variables,
            directives(node.directives), selections,
        ]))
    }

    private static func variableDefinitions(_ definitions: [VariableDefinition]) -> String {
        guard !definitions.isEmpty else { return "" }
        let printed = definitions.map { definition in
            describe(definition.description, join([
                "$\(definition.variable.name.value): \(type(definition.type))"
                    + (definition.defaultValue.map { " = " + print($0) } ?? ""),
                directives(definition.directives),
            ]))
        }
        return parenthesized(printed, multiline: definitions.contains { $0.description != nil })
    }

    private static func fragment(_ node: FragmentDefinition) -> String {
        describe(node.description, join([
            "fragment \(node.name.value) on \(node.typeCondition.name.value)", directives(node.directives),
            print(node.selectionSet),
        ]))
    }

    private static func selection(_ node: Selection) -> String {
        switch node {
        case .field(let field):
            let head = (field.alias.map { "\($0.value): " } ?? "") + field.name.value + arguments(field.arguments)
            return join([head, directives(field.directives), field.selectionSet.map(print) ?? ""])
        case .fragmentSpread(let spread):
            return join(["...\(spread.name.value)", directives(spread.directives)])
        case .inlineFragment(let inline):
            return join([
                "..." + (inline.typeCondition.map { " on \($0.name.value)" } ?? ""), directives(inline.directives),
                print(inline.selectionSet),
            ])
        }
    }

    private static func arguments(_ arguments: [Argument]) -> String {
        arguments.isEmpty ? "" : "(" + arguments.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + ")"
    }

    private static func directives(_ directives: [Directive]) -> String {
        directives.map { "@\($0.name.value)" + arguments($0.arguments) }.joined(separator: " ")
    }

    private static func type(_ reference: TypeReference) -> String {
        reference.description
    }

    // MARK: Type system

    private static func operationType(_ node: OperationTypeDefinition) -> String {
        "\(node.operation.rawValue): \(node.type.name.value)"
    }

    private static func typeDefinition(_ node: TypeDefinition) -> String {
        describe(node.description, typeBody(
            kind: node.kind, name: node.name, interfaces: node.interfaces, directives: node.directives,
            fields: node.fields, members: node.unionMembers, values: node.enumValues, inputFields: node.inputFields))
    }

    /// What definitions and extensions share: `type Name implements A & B @directives { ... }`.
    private static func typeBody(
        kind: TypeKind, name: Name, interfaces: [NamedType], directives applied: [Directive],
        fields: [FieldDefinition], members: [NamedType], values: [EnumValueDefinition],
        inputFields: [InputValueDefinition]
    ) -> String {
        let implements = interfaces.isEmpty ? "" : "implements " + interfaces.map(\.name.value).joined(separator: " & ")
        let body: String = switch kind {
        case .scalar: ""
        case .object, .interface: block(fields.map(fieldDefinition))
        case .union: members.isEmpty ? "" : "= " + members.map(\.name.value).joined(separator: " | ")
        case .enum: block(values.map { describe($0.description, join([$0.name.value, directives($0.directives)])) })
        case .inputObject: block(inputFields.map(inputValue))
        }
        return join([kind.keyword, name.value, implements, directives(applied), body])
    }

    private static func fieldDefinition(_ node: FieldDefinition) -> String {
        describe(node.description, join([
            node.name.value + argumentDefinitions(node.arguments) + ": " + type(node.type),
            directives(node.directives),
        ]))
    }

    private static func argumentDefinitions(_ arguments: [InputValueDefinition]) -> String {
        guard !arguments.isEmpty else { return "" }
        return parenthesized(arguments.map(inputValue), multiline: arguments.contains { $0.description != nil })
    }

    private static func inputValue(_ node: InputValueDefinition) -> String {
        describe(node.description, join([
            "\(node.name.value): \(type(node.type))" + (node.defaultValue.map { " = " + print($0) } ?? ""),
            directives(node.directives),
        ]))
    }

    private static func directiveDefinition(_ node: DirectiveDefinition) -> String {
        describe(node.description, join([
            "directive @\(node.name.value)" + argumentDefinitions(node.arguments),
            directives(node.directives), node.repeatable ? "repeatable" : "",
            "on " + node.locations.map(\.value).joined(separator: " | "),
        ]))
    }

    // MARK: Layout

    /// `description` on its own line before `text`.
    private static func describe(_ description: StringValue?, _ text: String) -> String {
        guard let description else { return text }
        return string(description) + "\n" + text
    }

    private static func string(_ node: StringValue) -> String {
        node.block && BlockString.isPrintable(node.value) ? BlockString.print(node.value) : quoted(node.value)
    }

    /// A regular string literal, with JSON-style escapes: GraphQL's escapes are a subset of
    /// JSON's, so the literal is also a JSON string (the code generator writes JSON with it).
    package static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Non-empty parts joined by a space.
    private static func join(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `{`, each item on its own line indented by two spaces, `}`; nothing for no items unless
    /// `allowEmpty` (an empty selection set, only built by hand, prints as `{}`).
    private static func block(_ items: [String], allowEmpty: Bool = false) -> String {
        if items.isEmpty { return allowEmpty ? "{}" : "" }
        return "{\n" + indent(items.joined(separator: "\n")) + "\n}"
    }

    /// `(a, b)` on one line, or one item per line when an item has a description.
    private static func parenthesized(_ items: [String], multiline: Bool) -> String {
        multiline ? "(\n" + indent(items.joined(separator: "\n")) + "\n)" : "(" + items.joined(separator: ", ") + ")"
    }

    private static func indent(_ text: String) -> String {
        var result = "  "
        result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for character in text.unicodeScalars {
            result.unicodeScalars.append(character)
            if character == "\n" { result += "  " }
        }
        return result
    }
}

extension String {
    fileprivate func trimmingTrailingSpace() -> String { hasSuffix(" ") ? String(dropLast()) : self }
    fileprivate func trimmingLeadingSpace() -> String { hasPrefix(" ") ? String(dropFirst()) : self }
}
