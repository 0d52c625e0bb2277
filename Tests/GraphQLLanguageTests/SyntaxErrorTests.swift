import GraphQLLanguage
import Testing

/// Parse errors: what was expected and what was found, at the line:column graphql-core 3.3.2
/// reports; and the compiler-style text of an error.
@Suite struct SyntaxErrorTests {
    @Test(arguments: [
        // Documents and definitions.
        ("", "Syntax Error: Unexpected <EOF>.", 1, 1),
        ("{", "Syntax Error: Expected Name, found <EOF>.", 1, 2),
        ("{ a }}", "Syntax Error: Unexpected '}'.", 1, 6),
        ("{ a } }", "Syntax Error: Unexpected '}'.", 1, 7),
        ("notakeyword { a }", "Syntax Error: Unexpected Name 'notakeyword'.", 1, 1),
        ("query", "Syntax Error: Expected '{', found <EOF>.", 1, 6),
        ("mutation", "Syntax Error: Expected '{', found <EOF>.", 1, 9),
        ("subscription S", "Syntax Error: Expected '{', found <EOF>.", 1, 15),
        ("query Q @d", "Syntax Error: Expected '{', found <EOF>.", 1, 11),
        // Selections.
        ("query Q { ... }", "Syntax Error: Expected '{', found '}'.", 1, 15),
        ("{ ... @d }", "Syntax Error: Expected '{', found '}'.", 1, 10),
        ("{ ... on }", "Syntax Error: Expected Name, found '}'.", 1, 10),
        ("{ a: }", "Syntax Error: Expected Name, found '}'.", 1, 6),
        ("{ a: b: c }", "Syntax Error: Expected Name, found ':'.", 1, 7),
        ("{ a(b) }", "Syntax Error: Expected ':', found ')'.", 1, 6),
        ("{ a(b:) }", "Syntax Error: Unexpected ')'.", 1, 7),
        ("{ a(x: ) }", "Syntax Error: Unexpected ')'.", 1, 8),
        ("{ a() }", "Syntax Error: Expected Name, found ')'.", 1, 5),
        ("{ a @ }", "Syntax Error: Expected Name, found '}'.", 1, 7),
        ("{ a @d() }", "Syntax Error: Expected Name, found ')'.", 1, 8),
        ("{ a\n  \"\"\"x\"\"\" }", "Syntax Error: Expected Name, found BlockString 'x'.", 2, 3),
        ("{ \"日本\" }", "Syntax Error: Expected Name, found String '日本'.", 1, 3),
        ("{ 1 }", "Syntax Error: Expected Name, found Int '1'.", 1, 3),
        ("{ 1.5 }", "Syntax Error: Expected Name, found Float '1.5'.", 1, 3),
        // Values.
        ("{ a(x: [1, 2) }", "Syntax Error: Unexpected ')'.", 1, 13),
        ("{ a(x: [}) }", "Syntax Error: Unexpected '}'.", 1, 9),
        ("{ a(x: {) }", "Syntax Error: Expected Name, found ')'.", 1, 9),
        ("{ a(x: {a 1}) }", "Syntax Error: Expected ':', found Int '1'.", 1, 11),
        ("{ a(x: {b}) }", "Syntax Error: Expected ':', found '}'.", 1, 10),
        ("{ a(x: {1: 2}) }", "Syntax Error: Expected Name, found Int '1'.", 1, 9),
        ("{ a(x: $) }", "Syntax Error: Expected Name, found ')'.", 1, 9),
        ("{ a(x: $1) }", "Syntax Error: Expected Name, found Int '1'.", 1, 9),
        ("{ a(x: $$a) }", "Syntax Error: Expected Name, found '$'.", 1, 9),
        ("{ a(x: @d) }", "Syntax Error: Unexpected '@'.", 1, 8),
        ("{ a(x: !) }", "Syntax Error: Unexpected '!'.", 1, 8),
        ("{ a(x: &) }", "Syntax Error: Unexpected '&'.", 1, 8),
        ("{ a(x: |) }", "Syntax Error: Unexpected '|'.", 1, 8),
        ("{ a(x: =) }", "Syntax Error: Unexpected '='.", 1, 8),
        ("{ a(x: :) }", "Syntax Error: Unexpected ':'.", 1, 8),
        ("{ a(x: (1)) }", "Syntax Error: Unexpected '('.", 1, 8),
        ("{ a(x: ...) }", "Syntax Error: Unexpected '...'.", 1, 8),
        // Variables: constant values admit no variables.
        ("query Q(a: Int) { a }", "Syntax Error: Expected '$', found Name 'a'.", 1, 9),
        ("query Q() { a }", "Syntax Error: Expected '$', found ')'.", 1, 9),
        ("query Q($a) { a }", "Syntax Error: Expected ':', found ')'.", 1, 11),
        ("query Q($a: ) { a }", "Syntax Error: Expected Name, found ')'.", 1, 13),
        ("query Q($a: Int!!) { a }", "Syntax Error: Expected '$', found '!'.", 1, 17),
        ("query Q($a: [Int]]) { a }", "Syntax Error: Expected '$', found ']'.", 1, 18),
        ("query Q($a: [Int = 1) { a }", "Syntax Error: Expected ']', found '='.", 1, 18),
        ("query Q($a: Int = 1 = 2) { a }", "Syntax Error: Expected '$', found '='.", 1, 21),
        ("query Q($a: Int! = ) { a }", "Syntax Error: Unexpected ')'.", 1, 20),
        ("query Q($a: Int = $b) { a }", "Syntax Error: Unexpected variable '$b' in constant value.", 1, 19),
        ("query Q($a: I = {a: $v}) { a }", "Syntax Error: Unexpected variable '$v' in constant value.", 1, 21),
        ("query Q($a: I = [$v]) { a }", "Syntax Error: Unexpected variable '$v' in constant value.", 1, 18),
        ("query Q($a: I = $) { a }", "Syntax Error: Unexpected '$'.", 1, 17),
        ("query Q($a: Int @d(x: $b)) { a }", "Syntax Error: Unexpected variable '$b' in constant value.", 1, 23),
        ("type T @d(x: $v)", "Syntax Error: Unexpected variable '$v' in constant value.", 1, 14),
        ("type T { f: Int @d(x: $v) }", "Syntax Error: Unexpected variable '$v' in constant value.", 1, 23),
        ("input I { a: Int = $v }", "Syntax Error: Unexpected variable '$v' in constant value.", 1, 20),
        // Fragments.
        ("fragment on on T { a }", "Syntax Error: Unexpected Name 'on'.", 1, 10),
        ("fragment on T { a }", "Syntax Error: Unexpected Name 'on'.", 1, 10),
        ("fragment F T { a }", "Syntax Error: Expected 'on', found Name 'T'.", 1, 12),
        ("fragment F on T", "Syntax Error: Expected '{', found <EOF>.", 1, 16),
        // Descriptions.
        ("\"desc\" { a }", "Syntax Error: Unexpected description, descriptions are not supported on shorthand queries.", 1, 1),
        ("\"\"\"d\"\"\"\n{ a }", "Syntax Error: Unexpected description, descriptions are not supported on shorthand queries.", 1, 1),
        ("\"desc\" extend type T @d", "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 1, 1),
        ("\"desc\" extend schema @d", "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 1, 1),
        ("\"desc\" notakeyword", "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 1, 1),
        ("{ a }\n\n  \"\"\"x\"\"\" b", "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 3, 3),
        ("\"d\" \"e\" type T", "Syntax Error: Unexpected String 'e'.", 1, 5),
        ("type T { \"d\" }", "Syntax Error: Expected Name, found '}'.", 1, 14),
        // Type definitions.
        ("schema {}", "Syntax Error: Expected Name, found '}'.", 1, 9),
        ("schema @d", "Syntax Error: Expected '{', found <EOF>.", 1, 10),
        ("schema { query Q }", "Syntax Error: Expected ':', found Name 'Q'.", 1, 16),
        ("schema { foo: Q }", "Syntax Error: Unexpected Name 'foo'.", 1, 10),
        ("schema { query: [Q] }", "Syntax Error: Expected Name, found '['.", 1, 17),
        ("schema { query: Q! }", "Syntax Error: Expected Name, found '!'.", 1, 18),
        ("scalar", "Syntax Error: Expected Name, found <EOF>.", 1, 7),
        ("type T {}", "Syntax Error: Expected Name, found '}'.", 1, 9),
        ("type T { f(a: Int): }", "Syntax Error: Expected Name, found '}'.", 1, 21),
        ("type T { f(): Int }", "Syntax Error: Expected Name, found ')'.", 1, 12),
        ("type T { f: }", "Syntax Error: Expected Name, found '}'.", 1, 13),
        ("type T { f Int }", "Syntax Error: Expected ':', found Name 'Int'.", 1, 12),
        ("type T implements", "Syntax Error: Expected Name, found <EOF>.", 1, 18),
        ("type T implements &", "Syntax Error: Expected Name, found <EOF>.", 1, 20),
        ("type T implements A &", "Syntax Error: Expected Name, found <EOF>.", 1, 22),
        ("type T implements A & & B", "Syntax Error: Expected Name, found '&'.", 1, 23),
        ("type T implements A, B", "Syntax Error: Unexpected Name 'B'.", 1, 22),
        ("type T implements A B", "Syntax Error: Unexpected Name 'B'.", 1, 21),
        ("interface I implements", "Syntax Error: Expected Name, found <EOF>.", 1, 23),
        ("union = A", "Syntax Error: Expected Name, found '='.", 1, 7),
        ("union U = ", "Syntax Error: Expected Name, found <EOF>.", 1, 11),
        ("union U = |", "Syntax Error: Expected Name, found <EOF>.", 1, 12),
        ("union U = A |", "Syntax Error: Expected Name, found <EOF>.", 1, 14),
        ("union U = A B", "Syntax Error: Unexpected Name 'B'.", 1, 13),
        ("enum E {}", "Syntax Error: Expected Name, found '}'.", 1, 9),
        ("enum E { A(x: 1) }", "Syntax Error: Expected Name, found '('.", 1, 11),
        ("input I {}", "Syntax Error: Expected Name, found '}'.", 1, 10),
        ("input I { a }", "Syntax Error: Expected ':', found '}'.", 1, 13),
        ("input I { a: Int = }", "Syntax Error: Unexpected '}'.", 1, 20),
        // Enum values may not be true, false or null.
        ("enum E { true }", "Syntax Error: Name 'true' is reserved and cannot be used for an enum value.", 1, 10),
        ("enum E { false }", "Syntax Error: Name 'false' is reserved and cannot be used for an enum value.", 1, 10),
        ("enum E { null }", "Syntax Error: Name 'null' is reserved and cannot be used for an enum value.", 1, 10),
        ("enum E { A B true }", "Syntax Error: Name 'true' is reserved and cannot be used for an enum value.", 1, 14),
        ("extend enum E { \"d\" null }", "Syntax Error: Name 'null' is reserved and cannot be used for an enum value.", 1, 21),
        // Directive definitions.
        ("directive @d", "Syntax Error: Expected 'on', found <EOF>.", 1, 13),
        ("directive d on FIELD", "Syntax Error: Expected '@', found Name 'd'.", 1, 11),
        ("directive @d on", "Syntax Error: Expected Name, found <EOF>.", 1, 16),
        ("directive @d on FIELD |", "Syntax Error: Expected Name, found <EOF>.", 1, 24),
        ("directive @d(a: Int) on FIELD | ", "Syntax Error: Expected Name, found <EOF>.", 1, 33),
        ("directive @d on FIELD FIELD", "Syntax Error: Unexpected Name 'FIELD'.", 1, 23),
        ("directive @d on NOPE", "Syntax Error: Unexpected Name 'NOPE'.", 1, 17),
        ("directive @d on field", "Syntax Error: Unexpected Name 'field'.", 1, 17),
        ("directive @d on FIELD | QUERY | Object", "Syntax Error: Unexpected Name 'Object'.", 1, 33),
        ("directive @d repeatable", "Syntax Error: Expected 'on', found <EOF>.", 1, 24),
        ("directive @d repeatable FIELD", "Syntax Error: Expected 'on', found Name 'FIELD'.", 1, 25),
        ("directive @d(a) on FIELD", "Syntax Error: Expected ':', found ')'.", 1, 15),
        // Extensions: a keyword after `extend`, and at least one part.
        ("extend", "Syntax Error: Unexpected <EOF>.", 1, 7),
        ("extend 1", "Syntax Error: Unexpected Int '1'.", 1, 8),
        ("extend thing X", "Syntax Error: Unexpected Name 'thing'.", 1, 8),
        ("extend query Q { a }", "Syntax Error: Unexpected Name 'query'.", 1, 8),
        ("extend { a }", "Syntax Error: Unexpected '{'.", 1, 8),
        ("extend schema", "Syntax Error: Unexpected <EOF>.", 1, 14),
        ("extend schema {}", "Syntax Error: Expected Name, found '}'.", 1, 16),
        ("extend schema @d { query Q }", "Syntax Error: Expected ':', found Name 'Q'.", 1, 26),
        ("extend scalar S", "Syntax Error: Unexpected <EOF>.", 1, 16),
        ("extend scalar S { }", "Syntax Error: Unexpected '{'.", 1, 17),
        ("extend type T", "Syntax Error: Unexpected <EOF>.", 1, 14),
        ("extend type T {}", "Syntax Error: Expected Name, found '}'.", 1, 16),
        ("extend type T implements", "Syntax Error: Expected Name, found <EOF>.", 1, 25),
        ("extend interface I", "Syntax Error: Unexpected <EOF>.", 1, 19),
        ("extend union U", "Syntax Error: Unexpected <EOF>.", 1, 15),
        ("extend union U =", "Syntax Error: Expected Name, found <EOF>.", 1, 17),
        ("extend enum E", "Syntax Error: Unexpected <EOF>.", 1, 14),
        ("extend enum E {}", "Syntax Error: Expected Name, found '}'.", 1, 16),
        ("extend input I", "Syntax Error: Unexpected <EOF>.", 1, 15),
        ("extend input I {}", "Syntax Error: Expected Name, found '}'.", 1, 17),
        ("extend type T { f: Int } extend type U", "Syntax Error: Unexpected <EOF>.", 1, 39),
        ("extend directive @d", "Syntax Error: Unexpected <EOF>.", 1, 20),
        ("extend directive d @e", "Syntax Error: Expected '@', found Name 'd'.", 1, 18),
        ("extend directive @d on FIELD", "Syntax Error: Unexpected Name 'on'.", 1, 21),
    ])
    func reportsParseErrors(text: String, message: String, line: Int, column: Int) {
        expectSyntaxError(text, message, line: line, column: column)
    }

    /// `SelectionSet : { Selection+ }`: an empty selection set is refused wherever it stands, at
    /// its `}`, as graphql-js and graphql-core 3.2.8 refuse it (graphql-core 3.3 parses it by
    /// default: see `GraphQLCoreAgreementTests`).
    @Test(arguments: [
        ("{}", 1, 2),
        ("query {}", 1, 8),
        ("query Q {}", 1, 10),
        ("mutation M($id: ID!) {}", 1, 23),
        ("subscription S @d {}", 1, 20),
        ("{ customerAddress {} }", 1, 20),
        ("{ a: b(x: 1) @d {} }", 1, 18),
        ("{ a { b {} } }", 1, 10),
        ("{\n  a {\n  }\n}", 3, 3),
        ("fragment F on T {}", 1, 18),
        ("fragment F on T @d {}", 1, 21),
        ("{ ... on T {} }", 1, 13),
        ("{ ... {} }", 1, 8),
        ("{ ... @d {} }", 1, 11),
        ("{ a }  {}", 1, 9),
        ("type Qd  query {}", 1, 17),
    ])
    func refusesEmptySelectionSets(text: String, line: Int, column: Int) {
        expectSyntaxError(text, "Syntax Error: Expected Name, found '}'.", line: line, column: column)
        if !text.hasPrefix("type") {
            expectSyntaxError(text, "Syntax Error: Expected Name, found '}'.", line: line, column: column, options: ParseOptions(mode: .executableOnly))
        }
    }

    // MARK: The error's text

    @Test func printsLikeACompilerWithTheLineAndACaret() throws {
        let error = try #require(syntaxError("query Q {\n\tlaunch(id: ) { site }\n}", name: "Queries/Launch.graphql"))
        #expect(error.description == """
            Queries/Launch.graphql:2:13: error: Syntax Error: Unexpected ')'.
            \tlaunch(id: ) { site }
            \t           ^
            """)
    }

    @Test func theCaretCountsCharactersNotBytes() throws {
        let error = try #require(syntaxError("{ é ? }", name: "x.graphql"))
        #expect(error.description == "x.graphql:1:3: error: Syntax Error: Unexpected character: U+00E9.\n{ é ? }\n  ^")
        let wide = try #require(syntaxError("{ a(s: \"日本😀\") ? }", name: "x.graphql"))
        #expect(wide.description == "x.graphql:1:15: error: Syntax Error: Unexpected character: '?'.\n{ a(s: \"日本😀\") ? }\n              ^")
    }

    @Test func theCaretKeepsTabsBeforeTheColumn() throws {
        let error = try #require(syntaxError("{\n\t\ta(x: 1.)\n}", name: "t.graphql"))
        #expect(error.description == "t.graphql:2:10: error: Syntax Error: Invalid number, expected digit but got: ')'.\n\t\ta(x: 1.)\n\t\t       ^")
    }

    @Test func theLineShownIsTheErrorsLineWhateverTheTerminators() throws {
        let crlf = try #require(syntaxError("{ a }\r\n{ b ? }\r\n{ c }", name: "crlf.graphql"))
        #expect(crlf.description == "crlf.graphql:2:5: error: Syntax Error: Unexpected character: '?'.\n{ b ? }\n    ^")
        let cr = try #require(syntaxError("{ a }\r{ b }\r{ ? }", name: "cr.graphql"))
        #expect(cr.description == "cr.graphql:3:3: error: Syntax Error: Unexpected character: '?'.\n{ ? }\n  ^")
    }

    @Test func anErrorAtTheEndPointsPastTheLastLine() throws {
        let error = try #require(syntaxError("{ a\n", name: "end.graphql"))
        #expect(error.description == "end.graphql:2:1: error: Syntax Error: Expected Name, found <EOF>.\n\n^")
        let sameLine = try #require(syntaxError("query", name: "end.graphql"))
        #expect(sameLine.description == "end.graphql:1:6: error: Syntax Error: Expected '{', found <EOF>.\nquery\n     ^")
    }

    @Test func theSourceNameDefaultsToGraphQLRequest() {
        do {
            _ = try Parser.parse("{")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.description.hasPrefix("GraphQL request:1:2: error: "))
        }
        do {
            _ = try Parser.parse("{", name: "named.graphql")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.description.hasPrefix("named.graphql:1:2: error: "))
        }
    }

    @Test func anErrorBlamingSeveralPlacesNotesEachOne() {
        let first = Source("type T { f: Int }", name: "a.graphqls")
        let second = Source("\n  type T { g: Int }", name: "b.graphqls")
        let error = GraphQLError("There can be only one type named \"T\".", locations: [
            Location(start: 5, end: 6, source: first), Location(start: 8, end: 9, source: second),
        ], sources: [second, first])
        #expect(error.sourceLocations == [GraphQLLanguage.SourceLocation(line: 1, column: 6), GraphQLLanguage.SourceLocation(line: 2, column: 8)])
        #expect(error.description == """
            a.graphqls:1:6: error: There can be only one type named "T".
            type T { f: Int }
                 ^
            b.graphqls:2:8: note: also here
              type T { g: Int }
                   ^
            """)
        #expect(error.formatted(severity: "warning").hasPrefix("a.graphqls:1:6: warning: There can be only one type named \"T\".\n"))
    }

    @Test func anErrorPrintsPlacesOnceItKnowsTheirSource() {
        let source = Source("type T { f: Int }", name: "a.graphqls")
        let error = GraphQLError("Careful.", locations: [Location(start: 5, end: 6, source: source)])
        #expect(error.sources.isEmpty && error.sourceLocations.isEmpty)
        #expect(error.description == "error: Careful.")
        let located = error.locating(in: [Source("type T { f: Int }", name: "other.graphqls"), source, source])
        #expect(located.sources.map(\.name) == ["a.graphqls"])
        #expect(located.description.hasPrefix("a.graphqls:1:6: error: Careful.\n"))
        #expect(located == error)
    }

    @Test func anErrorWithoutLocationsIsItsMessage() {
        #expect(GraphQLError("Something is wrong.").description == "error: Something is wrong.")
        #expect(GraphQLError("Something is wrong.", nodes: [nil, nil]).locations.isEmpty)
        #expect(GraphQLError("Careful.").formatted(severity: "warning") == "warning: Careful.")
    }
}
