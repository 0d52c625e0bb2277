import GraphQLLanguage
import Testing

@Suite struct ParserTests {
    @Test func parsesTheShorthandQuery() throws {
        let query = try operation(try parse("{ a }"))
        #expect(query.operation == .query)
        #expect(query.name == nil)
        #expect(fields(query.selectionSet).map(\.name.value) == ["a"])
    }

    @Test(arguments: [("query", OperationType.query), ("mutation", .mutation), ("subscription", .subscription)])
    func parsesNamedOperations(keyword: String, type: OperationType) throws {
        let parsed = try operation(try parse("\(keyword) Name @d { a }"))
        #expect(parsed.operation == type)
        #expect(parsed.name?.value == "Name")
        #expect(parsed.directives.map(\.name.value) == ["d"])
    }

    @Test func parsesVariablesWithTypesDefaultsDirectivesAndDescriptions() throws {
        let query = try operation(try parse(#"query Q("the id" $id: ID!, $n: [[Int!]]! = [[1]] @d, """block""" $o: In = {a: null}) { a }"#))
        let variables = query.variableDefinitions
        #expect(variables.map(\.variable.name.value) == ["id", "n", "o"])
        #expect(variables.map(\.type.description) == ["ID!", "[[Int!]]!", "In"])
        #expect(variables.map { $0.description?.value } == ["the id", nil, "block"])
        #expect(variables[1].directives.map(\.name.value) == ["d"])
        #expect(variables[1].defaultValue.map(Printer.print) == "[[1]]")
        #expect(variables[2].defaultValue.map(Printer.print) == "{a: null}")
    }

    @Test func parsesDescriptionsOnOperationsAndFragments() throws {
        let document = try parse(#""op" query Q { a } """fragment""" fragment F on T { a }"#)
        guard case .operation(let query) = document.definitions[0], case .fragment(let fragment) = document.definitions[1] else {
            Issue.record("unexpected definitions")
            return
        }
        #expect(query.description?.value == "op")
        #expect(fragment.description?.value == "fragment")
        #expect(fragment.description?.block == true)
    }

    @Test func parsesFieldsWithAliasesArgumentsDirectivesAndSelections() throws {
        let field = try #require(fields(try operation(try parse("{ alias: field(a: 1, b: $v) @include(if: $c) @skip(if: false) { sub } }")).selectionSet).first)
        #expect(field.alias?.value == "alias")
        #expect(field.name.value == "field")
        #expect(field.responseKey == "alias")
        #expect(field.arguments.map(\.name.value) == ["a", "b"])
        #expect(field.directives.map(\.name.value) == ["include", "skip"])
        #expect(fields(field.selectionSet).map(\.name.value) == ["sub"])
    }

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
        #expect(conditional.typeCondition == nil && conditional.directives.map(\.name.value) == ["include"])
        #expect(bare.typeCondition == nil && bare.directives.isEmpty)
        guard case .fragment(let fragment) = document.definitions[1] else { Issue.record("no fragment"); return }
        #expect(fragment.name.value == "F" && fragment.typeCondition.name.value == "T")
        #expect(fragment.directives.map(\.name.value) == ["f"])
    }

    @Test func aSpreadOfAFragmentNamedLikeAKeywordIsASpread() throws {
        let selections = try operation(try parse("{ ...query }")).selectionSet.selections
        #expect(selections.count == 1)
        guard case .fragmentSpread(let spread) = selections[0] else { Issue.record("not a spread"); return }
        #expect(spread.name.value == "query")
        // `on` after `...` starts a type condition, so this is an inline fragment missing its type.
        expectSyntaxError("{ ...on }", "Syntax Error: Expected Name, found '}'.", line: 1, column: 9)
    }

    @Test func everyNodeHasItsLocation() throws {
        let source = "query Q {\n  field(arg: 1) { sub }\n}"
        let document = try parse(source)
        let query = try operation(document)
        #expect(document.location.map { [$0.start, $0.end] } == [0, source.utf8.count])
        #expect(query.location.map { [$0.start, $0.end] } == [0, source.utf8.count])
        let field = try #require(fields(query.selectionSet).first)
        #expect(field.location.map { [$0.start, $0.end] } == [12, 33])
        #expect(field.location?.sourceLocation == GraphQLLanguage.SourceLocation(line: 2, column: 3))
        #expect(field.arguments.first?.value.location.map { [$0.start, $0.end] } == [23, 24])
        #expect(field.selectionSet?.location?.sourceLocation == GraphQLLanguage.SourceLocation(line: 2, column: 17))
        #expect(query.name?.location?.sourceLocation == GraphQLLanguage.SourceLocation(line: 1, column: 7))
    }

    @Test func noLocationLeavesNodesWithoutPositions() throws {
        let document = try parse("{ a(b: 1) }", options: ParseOptions(noLocation: true))
        #expect(document.location == nil)
        #expect(fields(try operation(document).selectionSet).first?.location == nil)
    }
}
