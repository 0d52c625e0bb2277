import GraphQLLanguage
import Testing

/// Executable definitions: operations, selections, values, fragments and their locations.
@Suite struct ParserTests {
    // MARK: Operations

    @Test func parsesTheShorthandQuery() throws {
        let query = try operation(try parse("{ a }"))
        #expect(query.operation == .query)
        #expect(query.name == nil)
        #expect(query.description == nil)
        #expect(query.variableDefinitions.isEmpty && query.directives.isEmpty)
        #expect(fields(query.selectionSet).map(\.name.value) == ["a"])
    }

    @Test(arguments: [("query", OperationType.query), ("mutation", .mutation), ("subscription", .subscription)])
    func parsesNamedOperations(keyword: String, type: OperationType) throws {
        let parsed = try operation(try parse("\(keyword) Name @d { a }"))
        #expect(parsed.operation == type)
        #expect(parsed.name?.value == "Name")
        #expect(parsed.directives.map(\.name.value) == ["d"])
    }

    @Test(arguments: ["query", "mutation", "subscription"])
    func parsesAnonymousOperationsWithAKeyword(keyword: String) throws {
        let parsed = try operation(try parse("\(keyword) ($a: Int) { a }"))
        #expect(parsed.operation.rawValue == keyword)
        #expect(parsed.name == nil)
        #expect(parsed.variableDefinitions.map(\.variable.name.value) == ["a"])
    }

    @Test func parsesSeveralDefinitionsInOrder() throws {
        let document = try parse("query A { a } { b } fragment F on T { c } mutation B { d } subscription { e }")
        let summary = document.definitions.map { definition -> String in
            switch definition {
            case .operation(let operation): "\(operation.operation.rawValue) \(operation.name?.value ?? "-")"
            case .fragment(let fragment): "fragment \(fragment.name.value)"
            default: "other"
            }
        }
        #expect(summary == ["query A", "query -", "fragment F", "mutation B", "subscription -"])
        #expect(document.definitions.allSatisfy { $0.isExecutable })
    }

    @Test func namesMayBeKeywordsEverywhereButFragmentNames() throws {
        let query = try operation(try parse("query query($true: on) { query: mutation(on: fragment, true: null, null: true) ... on on { a } ...fragment }"))
        #expect(query.name?.value == "query")
        #expect(query.variableDefinitions.first?.variable.name.value == "true")
        #expect(query.variableDefinitions.first?.type.description == "on")
        let field = try #require(fields(query.selectionSet).first)
        #expect(field.alias?.value == "query" && field.name.value == "mutation")
        #expect(field.arguments.map { "\($0.name.value)=\(Printer.print($0.value))" } == ["on=fragment", "true=null", "null=true"])
        guard case .enum = field.arguments[0].value, case .null = field.arguments[1].value, case .boolean = field.arguments[2].value else {
            Issue.record("keywords in values are enum values, null and booleans")
            return
        }
        guard case .inlineFragment(let inline) = query.selectionSet.selections[1], case .fragmentSpread(let spread) = query.selectionSet.selections[2] else {
            Issue.record("unexpected selections")
            return
        }
        #expect(inline.typeCondition?.name.value == "on")
        #expect(spread.name.value == "fragment")
        guard case .fragment(let fragment)? = try parse("fragment fragment on on { a }").definitions.first else {
            Issue.record("not a fragment")
            return
        }
        #expect(fragment.name.value == "fragment" && fragment.typeCondition.name.value == "on")
    }

    // MARK: Variables

    @Test func parsesVariablesWithTypesDefaultsDirectivesAndDescriptions() throws {
        let query = try operation(try parse(#"query Q("the id" $id: ID!, $n: [[Int!]]! = [[1]] @d, """block""" $o: In = {a: null} @e(x: 1) @f) { a }"#))
        let variables = query.variableDefinitions
        #expect(variables.map(\.variable.name.value) == ["id", "n", "o"])
        #expect(variables.map(\.type.description) == ["ID!", "[[Int!]]!", "In"])
        #expect(variables.map { $0.description?.value } == ["the id", nil, "block"])
        #expect(variables.map { $0.description?.block } == [false, nil, true])
        #expect(variables[0].defaultValue == nil)
        #expect(variables[1].directives.map(\.name.value) == ["d"])
        #expect(variables[1].defaultValue.map(Printer.print) == "[[1]]")
        #expect(variables[2].defaultValue.map(Printer.print) == "{ a: null }")
        #expect(variables[2].directives.map(\.name.value) == ["e", "f"])
        #expect(variables[2].directives[0].arguments.map(\.name.value) == ["x"])
    }

    @Test func parsesListAndNonNullTypesInsideOut() throws {
        let variable = try #require(try operation(try parse("query Q($a: [[Int!]]!) { a }")).variableDefinitions.first)
        guard case .nonNull(.list(.list(.nonNull(.named(let named), _), _), _), _) = variable.type else {
            Issue.record("unexpected shape: \(variable.type)")
            return
        }
        #expect(named.name.value == "Int")
        #expect(variable.type.namedType.name.value == "Int")
    }

    @Test func defaultValuesMayBeAnyConstantValue() throws {
        let query = try operation(try parse(#"query Q($a: I = {s: "x", b: """y""", i: -1, f: 2.5e3, t: true, n: null, e: RED, l: [[]], o: {}}) { a }"#))
        // Longer than 80 characters on one line: one field per line.
        let fields = [#"s: "x""#, #"b: """y""""#, "i: -1", "f: 2.5e3", "t: true", "n: null", "e: RED", "l: [[]]", "o: {}"]
        #expect(query.variableDefinitions.first?.defaultValue.map(Printer.print) == "{\n" + fields.map { "  " + $0 }.joined(separator: "\n") + "\n}")
    }

    // MARK: Selections

    @Test func parsesFieldsWithAliasesArgumentsDirectivesAndSelections() throws {
        let field = try #require(fields(try operation(try parse("{ alias: field(a: 1, b: $v) @include(if: $c) @skip(if: false) { sub } }")).selectionSet).first)
        #expect(field.alias?.value == "alias")
        #expect(field.name.value == "field")
        #expect(field.responseKey == "alias")
        #expect(field.arguments.map(\.name.value) == ["a", "b"])
        #expect(field.directives.map(\.name.value) == ["include", "skip"])
        #expect(field.directives.map { $0.arguments.map(\.name.value) } == [["if"], ["if"]])
        #expect(fields(field.selectionSet).map(\.name.value) == ["sub"])
    }

    @Test func aFieldWithoutAliasIsKeyedByItsName() throws {
        let field = try #require(fields(try operation(try parse("{ plain }")).selectionSet).first)
        #expect(field.alias == nil && field.responseKey == "plain")
        #expect(field.arguments.isEmpty && field.directives.isEmpty && field.selectionSet == nil)
    }

    @Test func parsesNestedSelections() throws {
        let outer = try #require(fields(try operation(try parse("{ a { b { c d: e } f } }")).selectionSet).first)
        let middle = fields(outer.selectionSet)
        #expect(middle.map(\.name.value) == ["b", "f"])
        #expect(fields(middle[0].selectionSet).map(\.responseKey) == ["c", "d"])
    }

    @Test func emptySelectionSetsParseAsGraphQLCoreParsesThem() throws {
        // The spec asks for a selection; graphql-core parses `{}` and leaves it to validation.
        #expect(try operation(try parse("{}")).selectionSet.selections.isEmpty)
        let field = try #require(fields(try operation(try parse("query Q { a {} }")).selectionSet).first)
        #expect(field.selectionSet?.selections.isEmpty == true)
    }

    // MARK: Values

    @Test func parsesEveryValueKind() throws {
        let value = try firstArgumentValue(#"{ f(a: [$v, 1, 1.5, "s", """b""", true, false, null, ENUM, [], {}, {x: [1], y: {z: $w}}]) }"#)
        guard case .list(let list) = value else { Issue.record("not a list"); return }
        let kinds = list.values.map { value -> String in
            switch value {
            case .variable(let variable): "variable \(variable.name.value)"
            case .int(let int): "int \(int.value)"
            case .float(let float): "float \(float.value)"
            case .string(let string): "string \(string.value) block \(string.block)"
            case .boolean(let boolean): "boolean \(boolean.value)"
            case .null: "null"
            case .enum(let value): "enum \(value.value)"
            case .list(let list): "list \(list.values.count)"
            case .object(let object): "object \(object.fields.map(\.name.value))"
            }
        }
        #expect(kinds == [
            "variable v", "int 1", "float 1.5", "string s block false", "string b block true", "boolean true",
            "boolean false", "null", "enum ENUM", "list 0", "object []", "object [\"x\", \"y\"]",
        ])
    }

    @Test func parsesNestedObjectsAndListsInOrder() throws {
        let value = try firstArgumentValue("{ f(a: {outer: {inner: [1 2 {deep: [$v]}]}, dup: 1, dup: 2}) }")
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        // Duplicate fields are kept in order: rejecting them is validation's job.
        #expect(object.fields.map(\.name.value) == ["outer", "dup", "dup"])
        guard case .object(let outer) = object.fields[0].value, case .list(let inner) = outer.fields[0].value,
              case .object(let deep) = inner.values[2], case .list(let variables) = deep.fields[0].value,
              case .variable(let variable) = variables.values[0] else {
            Issue.record("unexpected shape: \(Printer.print(value))")
            return
        }
        #expect(inner.values.count == 3)
        #expect(variable.name.value == "v")
    }

    @Test func variablesMayAppearInsideArgumentValues() throws {
        let value = try firstArgumentValue("{ f(a: {x: $x, l: [$y]}) }")
        #expect(Printer.print(value) == "{ x: $x, l: [$y] }")
    }

    // MARK: Fragments

    @Test func parsesFragmentsSpreadsAndInlineFragments() throws {
        let document = try parse("{ ...F @d ... on T { a } ... @include(if: $x) { b } ... { c } } fragment F on T @f { a }")
        let selections = try operation(document).selectionSet.selections
        guard case .fragmentSpread(let spread) = selections[0], case .inlineFragment(let typed) = selections[1],
              case .inlineFragment(let conditional) = selections[2], case .inlineFragment(let bare) = selections[3] else {
            Issue.record("unexpected selections")
            return
        }
        #expect(spread.name.value == "F")
        #expect(spread.directives.map(\.name.value) == ["d"])
        #expect(typed.typeCondition?.name.value == "T")
        #expect(fields(typed.selectionSet).map(\.name.value) == ["a"])
        #expect(conditional.typeCondition == nil && conditional.directives.map(\.name.value) == ["include"])
        #expect(bare.typeCondition == nil && bare.directives.isEmpty)
        #expect(selections.map { $0.directives.count } == [1, 0, 1, 0])
        guard case .fragment(let fragment) = document.definitions[1] else { Issue.record("no fragment"); return }
        #expect(fragment.name.value == "F" && fragment.typeCondition.name.value == "T")
        #expect(fragment.directives.map(\.name.value) == ["f"])
        #expect(fragment.description == nil)
    }

    @Test func aSpreadOfAFragmentNamedLikeAKeywordIsASpread() throws {
        let selections = try operation(try parse("{ ...query }")).selectionSet.selections
        #expect(selections.count == 1)
        guard case .fragmentSpread(let spread) = selections[0] else { Issue.record("not a spread"); return }
        #expect(spread.name.value == "query")
        // `on` after `...` starts a type condition, so this is an inline fragment missing its type.
        expectSyntaxError("{ ...on }", "Syntax Error: Expected Name, found '}'.", line: 1, column: 9)
    }

    // MARK: Descriptions (September 2025 edition)

    @Test func parsesDescriptionsOnOperationsAndFragments() throws {
        let document = try parse(#""op" query Q { a } """fragment""" fragment F on T { a } "anonymous" mutation { b }"#)
        guard case .operation(let query) = document.definitions[0], case .fragment(let fragment) = document.definitions[1],
              case .operation(let mutation) = document.definitions[2] else {
            Issue.record("unexpected definitions")
            return
        }
        #expect(query.description?.value == "op")
        #expect(query.description?.block == false)
        #expect(fragment.description?.value == "fragment")
        #expect(fragment.description?.block == true)
        #expect(mutation.description?.value == "anonymous")
        #expect(mutation.name == nil && mutation.operation == .mutation)
    }

    // MARK: Locations

    /// Byte offsets and line:column of the nodes, as graphql-core 3.3.2 reports them.
    @Test func everyNodeHasTheLocationGraphQLCoreGivesIt() throws {
        let source = "query Q($id: ID! = 1 @d, $l: [Int]!) @op {\n  alias: field(arg: {k: [1, \"s\"]}) @include(if: $id) {\n    ...F\n    ... on T { x }\n  }\n}\n"
        let document = try parse(source)
        let query = try operation(document)
        #expect(span(query.location) == [0, 131])
        #expect(span(query.name?.location) == [6, 7])
        let id = query.variableDefinitions[0]
        #expect(span(id.location) == [8, 23])
        #expect(position(id.location, in: document) == "1:9")
        #expect(span(id.variable.location) == [8, 11])
        #expect(span(id.variable.name.location) == [9, 11])
        #expect(span(id.type.location) == [13, 16])
        #expect(span(id.type.namedType.location) == [13, 15])
        #expect(span(id.defaultValue?.location) == [19, 20])
        #expect(span(id.directives.first?.location) == [21, 23])
        let list = query.variableDefinitions[1]
        #expect(span(list.location) == [25, 35])
        #expect(span(list.type.location) == [29, 35])
        guard case .nonNull(let inner, _) = list.type else { Issue.record("not non-null"); return }
        #expect(span(inner.location) == [29, 34])
        #expect(span(inner.namedType.location) == [30, 33])
        #expect(span(query.directives.first?.location) == [37, 40])
        #expect(span(query.selectionSet.location) == [41, 131])

        let field = try #require(fields(query.selectionSet).first)
        #expect(span(field.location) == [45, 129])
        #expect(position(field.location, in: document) == "2:3")
        #expect(span(field.alias?.location) == [45, 50])
        #expect(span(field.name.location) == [52, 57])
        let argument = try #require(field.arguments.first)
        #expect(span(argument.location) == [58, 76])
        #expect(position(argument.location, in: document) == "2:16")
        #expect(span(argument.value.location) == [63, 76])
        guard case .object(let object) = argument.value, case .list(let values) = object.fields[0].value else {
            Issue.record("unexpected value")
            return
        }
        #expect(span(object.fields[0].location) == [64, 75])
        #expect(span(object.fields[0].name.location) == [64, 65])
        #expect(span(values.location) == [67, 75])
        #expect(values.values.map { span($0.location) } == [[68, 69], [71, 74]])
        let include = try #require(field.directives.first)
        #expect(span(include.location) == [78, 95])
        #expect(span(include.name.location) == [79, 86])
        #expect(span(include.arguments.first?.location) == [87, 94])
        #expect(span(include.arguments.first?.value.location) == [91, 94])

        let selections = try #require(field.selectionSet)
        #expect(span(selections.location) == [96, 129])
        #expect(position(selections.location, in: document) == "2:54")
        #expect(span(selections.selections[0].location) == [102, 106])
        #expect(position(selections.selections[0].location, in: document) == "3:5")
        guard case .inlineFragment(let inline) = selections.selections[1] else { Issue.record("not inline"); return }
        #expect(span(inline.location) == [111, 125])
        #expect(position(inline.location, in: document) == "4:5")
        #expect(span(inline.typeCondition?.location) == [118, 119])
        #expect(span(inline.selectionSet.location) == [120, 125])
        #expect(span(fields(inline.selectionSet).first?.location) == [122, 123])
    }

    @Test func definitionsWithDescriptionsStartAtTheDescription() throws {
        let document = try parse("\"d\" query Q(\"v\" $a: Int) { a }\n\"\"\"f\"\"\"\nfragment F on T { a }\n# trailing comment\n")
        guard case .operation(let query) = document.definitions[0], case .fragment(let fragment) = document.definitions[1] else {
            Issue.record("unexpected definitions")
            return
        }
        #expect(span(query.location) == [0, 30])
        #expect(span(query.description?.location) == [0, 3])
        #expect(span(query.variableDefinitions.first?.location) == [12, 23])
        #expect(span(query.variableDefinitions.first?.description?.location) == [12, 15])
        #expect(span(fragment.location) == [31, 60])
        #expect(position(fragment.location, in: document) == "2:1")
        #expect(span(fragment.description?.location) == [31, 38])
        #expect(position(fragment.name.location, in: document) == "3:10")
    }

    /// graphql-core's document runs from the start of the source to its end (`<SOF>` to
    /// `<EOF>`), trailing whitespace and comments included.
    @Test func theDocumentSpansTheWholeSource() throws {
        let text = "\n  # leading\n{ a }\n# trailing comment\n"
        #expect(text.utf8.count == 38)
        let document = try parse(text)
        #expect(span(document.location) == [0, 38])
        let bare = try parse("{ a }")
        #expect(span(bare.location) == [0, 5])
    }

    @Test func locationsCountBytesWhileColumnsCountScalars() throws {
        let document = try parse("{ a(s: \"é😀\") b }")
        let field = try #require(fields(try operation(document).selectionSet).last)
        #expect(span(field.location) == [17, 18])
        #expect(position(field.location, in: document) == "1:14")
    }

    @Test func noLocationLeavesNodesWithoutPositions() throws {
        let document = try parse("{ a(b: 1) }", options: ParseOptions(noLocation: true))
        #expect(document.location == nil)
        #expect(fields(try operation(document).selectionSet).first?.location == nil)
    }
}
