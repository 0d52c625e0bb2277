import Foundation
import GraphQLLanguage
import Testing

/// The printer's layout (graphql-js's: two-space indentation, a blank line between definitions)
/// and its promise: what it prints parses back to the same document.
@Suite struct PrinterTests {
    // MARK: Layout

    @Test func printsAQueryWithEverything() throws {
        let text = #"""
            query Q($id: ID! = "1" @d, $list: [Int]) @op {
              alias: field(a: 1, b: [1.5, ENUM, null, true], c: { x: $id }) @include(if: $id) {
                ...Fragment @d
                ... on Type {
                  a
                }
                ... @skip(if: false) {
                  b
                }
              }
            }

            fragment Fragment on Type {
              c
            }
            """#
        #expect(Printer.print(try parse(text)) == text)
    }

    @Test func normalizesLayout() throws {
        let text = "query  Q ( $a : Int=1 , $b:[ String ! ] ! ){a(x:$a,y:{z:[1 ,2]}),b:c@d(e:-1.5e3)...F ...on T{d}} fragment F on T{e}"
        #expect(Printer.print(try parse(text)) == """
            query Q($a: Int = 1, $b: [String!]!) {
              a(x: $a, y: { z: [1, 2] })
              b: c @d(e: -1.5e3)
              ...F
              ... on T {
                d
              }
            }

            fragment F on T {
              e
            }
            """)
    }

    @Test func printsTheShorthandOnlyForAPlainAnonymousQuery() throws {
        #expect(Printer.print(try parse("{ a }")) == "{\n  a\n}")
        #expect(Printer.print(try parse("query { a }")) == "{\n  a\n}")
        #expect(Printer.print(try parse("query @d { a }")) == "query @d {\n  a\n}")
        #expect(Printer.print(try parse("query ($a: Int) { a }")) == "query($a: Int) {\n  a\n}")
        #expect(Printer.print(try parse("mutation { a }")) == "mutation {\n  a\n}")
        #expect(Printer.print(try parse("{ a {} }")) == "{\n  a {}\n}")
    }

    @Test func printsDescriptionsOfOperationsFragmentsAndVariables() throws {
        let text = #"""
            "op"
            query Q(
              "the id"
              $id: ID! = "1" @d
              """
              A list
              of numbers
              """
              $list: [Int]
              $plain: Boolean
            ) {
              a
            }

            """A fragment"""
            fragment F on T {
              b
            }

            "anonymous"
            query {
              c
            }
            """#
        #expect(Printer.print(try parse(text)) == text)
    }

    @Test func printsASchemaWithDescriptions() throws {
        let text = #"""
            """
            A type
            on two lines
            """
            type T implements A & B @d {
              "A field"
              f(
                "An argument"
                a: Int = 1
                b: String
              ): String! @deprecated(reason: "no")
              g(a: Int, b: [In!]!): [[T]]
            }

            union U = A | B

            enum E {
              "first"
              A
              B @deprecated
            }

            input In @oneOf {
              a: Int = 1
            }

            directive @d(a: Int) repeatable on FIELD | OBJECT

            extend type T @e

            extend directive @d @e

            schema {
              query: Q
            }
            """#
        #expect(Printer.print(try parse(text)) == text)
    }

    @Test func printsEveryTypeSystemDefinitionAndExtension() throws {
        let text = #"""
            """The schema"""
            schema @d {
              query: Q
              mutation: M
              subscription: S
            }

            extend schema @e {
              subscription: S2
            }

            extend schema @f

            "A date"
            scalar Date @specifiedBy(url: "https://example.com")

            extend scalar Date @d

            interface I implements J & K @d {
              f: Int
            }

            extend interface I implements L {
              g: Int
            }

            extend interface I @e

            extend type T implements A & B @d {
              h(
                """An argument"""
                a: Int
              ): Int
            }

            extend union U @d = C | D

            extend union U @e

            extend enum E @d {
              "third"
              C @deprecated(reason: "use A")
            }

            extend enum E @e

            "An input"
            input In {
              "a field"
              a: [Int!]! = [1, 2] @d
            }

            extend input In @d {
              b: String = "x"
            }

            extend input In @e

            """
            A directive
            on two lines
            """
            directive @d(
              "why"
              reason: String = "none"
            ) on | FIELD | FIELD_DEFINITION

            directive @r @e repeatable on QUERY

            extend directive @r @f(x: 1)
            """#
        // The leading `|` of directive locations is not kept: it prints without it.
        #expect(Printer.print(try parse(text)) == text.replacingOccurrences(of: "on | FIELD", with: "on FIELD"))
    }

    // MARK: Values and strings

    @Test func printsEveryValueKind() throws {
        let value = try firstArgumentValue(#"{ f(a: [$v, -1, 0.5e-3, "s", """b""", true, false, null, ENUM, [], {}, [[1]], { x: { y: [$w] } }]) }"#)
        // 81 characters on one line: one item per line, as graphql-core prints it.
        #expect(Printer.print(value) == ["[", #"  $v"#, "  -1", "  0.5e-3", #"  "s""#, #"  """b""""#, "  true", "  false", "  null", "  ENUM", "  []", "  {}", "  [[1]]", #"  { x: { y: [$w] } }"#, "]"].joined(separator: "\n"))
    }

    @Test func escapesStringsTheWayJSONDoes() {
        let value = Value.string(StringValue("quote \" slash \\ solidus / \n \r \t \u{8} \u{C} \u{0} \u{1F} \u{7F} \u{9F} é 😀 \u{2028}"))
        #expect(Printer.print(value) == #""quote \" slash \\ solidus / \n \r \t \b \f \u0000 \u001F \u007F \u009F é 😀 "# + "\u{2028}\"")
    }

    @Test func printsBlockStringsAsBlocksWhenTheyCan() {
        func printed(_ value: String) -> String { Printer.print(Value.string(StringValue(value, block: true))) }
        #expect(printed("short") == #""""short""""#)
        #expect(printed("") == #""""""""#)
        #expect(printed("  leading space") == #""""  leading space""""#)
        #expect(printed("two\nlines") == "\"\"\"\ntwo\nlines\n\"\"\"")
        #expect(printed("a \"\"\" b") == #""""a \""" b""""#)
        #expect(printed("ends with a quote\"") == "\"\"\"\nends with a quote\"\n\"\"\"")
        #expect(printed("ends with a slash\\") == "\"\"\"\nends with a slash\\\n\"\"\"")
        #expect(printed(String(repeating: "x", count: 71)) == "\"\"\"\n" + String(repeating: "x", count: 71) + "\n\"\"\"")
        #expect(printed("first\n  indented\n\nlast") == "\"\"\"\nfirst\n  indented\n\nlast\n\"\"\"")
        // Not a block: the regular string keeps what a block would lose.
        #expect(printed("\n\nleading blank lines") == #""\n\nleading blank lines""#)
        #expect(printed("trailing blank line\n") == #""trailing blank line\n""#)
        #expect(printed("  common\n  indentation") == #""  common\n  indentation""#)
        #expect(printed("carriage\rreturn") == #""carriage\rreturn""#)
        #expect(printed("control \u{1}") == #""control \u0001""#)
        // A regular string stays regular, even with line breaks.
        #expect(Printer.print(Value.string(StringValue("two\nlines"))) == #""two\nlines""#)
    }

    @Test func descriptionsKeepTheirBlockStringsIndentedWithTheirNode() throws {
        let text = "type T {\n  \"\"\"\n  A field\n    described at length\n  \"\"\"\n  f: Int\n}"
        #expect(Printer.print(try parse(text)) == text)
        guard case .type(let type)? = try structure(Printer.print(try parse(text))).definitions.first else { Issue.record("no type"); return }
        #expect(type.fields.first?.description?.value == "A field\n  described at length")
    }

    @Test func printsSelectionSetsOnTheirOwn() throws {
        let query = try operation(try parse("{ a { b } ...F }"))
        #expect(Printer.print(query.selectionSet) == "{\n  a {\n    b\n  }\n  ...F\n}")
        #expect(Printer.print(SelectionSet(selections: [])) == "{}")
    }

    @Test func printsNodesBuiltByHand() {
        let document = Document(definitions: [
            .operation(OperationDefinition(
                operation: .query, name: Name("Q"),
                variableDefinitions: [VariableDefinition(variable: Variable(name: Name("v")), type: .nonNull(.named(NamedType(name: Name("ID"))), location: nil))],
                selectionSet: SelectionSet(selections: [.field(Field(alias: Name("k"), name: Name("f"), arguments: [
                    Argument(name: Name("id"), value: .variable(Variable(name: Name("v")))),
                ]))]))),
            .type(TypeDefinition(kind: .enum, description: StringValue("Colors", block: true), name: Name("Color"),
                                 enumValues: [EnumValueDefinition(name: Name("RED"))])),
        ])
        #expect(Printer.print(document) == "query Q($v: ID!) {\n  k: f(id: $v)\n}\n\n\"\"\"Colors\"\"\"\nenum Color {\n  RED\n}")
    }

    // MARK: Round trip

    @Test(arguments: [
        "{ a }", "query { a }", "query Q { a }", "mutation M($a: Int) { a }", "subscription S @d { a }",
        #"query Q($a: Int = 1 @d, $b: [[In!]]! = [{x: null}], "d" $c: Boolean) @e(x: 1) { a }"#,
        "{ alias: f(a: 1, b: 1.5, c: 2e10, d: -0, e: \"s\", f: true, g: null, h: ENUM, i: [], j: {}, k: [$v], l: {m: {n: $w}}) }",
        #"{ f(s: "q\" b\\ s\/ \b\f\n\r\t \u00e9 \u{1F600} \uD83D\uDE00") }"#,
        "{ f(s: \"\"\"\n  block\n    indented\n  \"\"\") }",
        "{ ...F @d ... on T @e { a } ... @include(if: $x) { b } ... { c } }",
        "fragment F on T @d { a { b } }", #""described" fragment F on T { a }"#, #""""described""" query Q { a }"#,
        "{ a {} }", "{ a @d @e @f(x: 1) }",
        #""s" schema @d { query: Q mutation: M subscription: S }"#, "extend schema @d", "extend schema { query: Q }",
        #""""block""" scalar S @specifiedBy(url: "u")"#, "extend scalar S @d",
        "type T implements & A & B @d { f(\"a\" a: Int = 1 @x, b: [In!]): String! @deprecated g: [[T]] }",
        "type T", "extend type T implements I", "extend type T @d", "extend type T { f: Int }",
        "interface I implements J & K { f: Int }", "extend interface I implements J", "extend interface I @d { g: Int }",
        "union U @d = | A | B", "union U", "extend union U = C", "extend union U @d",
        "enum E { \"a\" A @deprecated B }", "enum E", "extend enum E { C }", "extend enum E @d",
        "input I @oneOf { a: Int = 1 @d \"b\" b: [String!]! = [\"x\"] }", "input I", "extend input I { c: Int }", "extend input I @d",
        "directive @d(a: Int = 1, \"b\" b: String) repeatable on | FIELD | QUERY", "directive @e @f on SCHEMA",
        "extend directive @d @e @f(x: 1)",
        "\u{FEFF}# comment\r\n{ a,, b }\r# another\n",
    ])
    func everyConstructRoundTrips(text: String) throws {
        try expectRoundTrip(text)
    }

    @Test(arguments: [
        "\n\nleading blank lines", "trailing spaces\n   ", "carriage\rreturn", "crlf\r\nline", "  common\n  indentation",
        "\tcommon\n\ttabs", "ends with a quote\"", "ends with a slash\\", "contains \"\"\" quotes", "\\\"\"\" escaped-looking",
        "\"\"\"\"", " leading space", "\ttab", "", "\n", " ", "trailing newline\n", "a\n\n\nb", "a\n \nb",
        String(repeating: "long ", count: 30), "control \u{1} character", "unicode é 😀 \u{2028}", "first\n  second\n    third",
        " a\nb", "a\n b\n  c",
    ])
    func blockStringsRoundTripWhateverTheirValue(value: String) throws {
        let document = Document(definitions: [.type(TypeDefinition(kind: .scalar, description: StringValue(value, block: true), name: Name("S")))])
        let printed = Printer.print(document)
        let reparsed = try parse(printed)
        guard case .type(let type)? = reparsed.definitions.first else { Issue.record("no type"); return }
        #expect(type.description?.value == value, "printed as:\n\(printed)")
        #expect(Printer.print(reparsed) == printed)
        // Indented inside a type, a description must keep its value too.
        let field = Document(definitions: [.type(TypeDefinition(kind: .object, name: Name("T"), fields: [
            FieldDefinition(description: StringValue(value, block: true), name: Name("f"), type: .named(NamedType(name: Name("Int")))),
        ]))])
        guard case .type(let object)? = try parse(Printer.print(field)).definitions.first else { Issue.record("no type"); return }
        #expect(object.fields.first?.description?.value == value, "printed as:\n\(Printer.print(field))")
    }

    @Test(arguments: TestData.sharedDocuments().map { $0.path })
    func sharedDocumentsRoundTrip(path: String) throws {
        let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        let withoutLocations = ParseOptions(noLocation: true)
        let original = try Parser.parse(Source(text, name: path), options: withoutLocations)
        let printed = Printer.print(original)
        let reparsed = try Parser.parse(Source(printed, name: "printed " + path), options: withoutLocations)
        #expect(reparsed == original)
        #expect(Printer.print(reparsed) == printed, "printing is not a fixed point")
    }

    @Test func theSharedDataIsThere() {
        #expect(TestData.sharedDocuments().count >= 10, "no shared documents under \(TestData.sharedDirectory.path)")
    }
}

/// Long list and object values print one item per line, as graphql-core 3.3.2's `print_ast`
/// does (introspection's `defaultValue` is that text).
@Test func longListAndObjectValuesWrapAsGraphQLCorePrintsThem() throws {
    func value(_ text: String) throws -> Value {
        let document = try Parser.parse(Source("query Q($v: T = \(text)) { x }"))
        guard case .operation(let operation) = document.definitions.first, let value = operation.variableDefinitions.first?.defaultValue else {
            throw GraphQLError("no default value in \(text)")
        }
        return value
    }
    let values = (0..<8).map { "VALUE_NUMBER_\($0)" }
    #expect(Printer.print(try value("[" + values.joined(separator: ", ") + "]")) == "[\n" + values.map { "  " + $0 }.joined(separator: "\n") + "\n]")
    #expect(Printer.print(try value("{a: [" + values.joined(separator: ", ") + "], b: 1}"))
        == "{\n  a: [\n" + values.map { "    " + $0 }.joined(separator: "\n") + "\n  ]\n  b: 1\n}")
    #expect(Printer.print(try value("[A, B, {c: 1}]")) == "[A, B, { c: 1 }]")
    // Exactly at the limit stays on one line.
    let exact = "[" + String(repeating: "A", count: 78) + "]"
    #expect(Printer.print(try value(exact)) == exact)
}
