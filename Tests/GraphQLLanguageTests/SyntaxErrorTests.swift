import GraphQLLanguage
import Testing

@Suite struct SyntaxErrorTests {
    @Test(arguments: [
        ("{", "Syntax Error: Expected Name, found <EOF>.", 1, 2),
        ("{ a(x: ) }", "Syntax Error: Unexpected ')'.", 1, 8),
        ("query", "Syntax Error: Expected '{', found <EOF>.", 1, 6),
        ("query Q(a: Int) { a }", "Syntax Error: Expected '$', found Name 'a'.", 1, 9),
        ("enum E { true }", "Syntax Error: Name 'true' is reserved and cannot be used for an enum value.", 1, 10),
        ("enum E { null }", "Syntax Error: Name 'null' is reserved and cannot be used for an enum value.", 1, 10),
        ("fragment on on T { a }", "Syntax Error: Unexpected Name 'on'.", 1, 10),
        ("query Q($a: Int = $b) { a }", "Syntax Error: Unexpected variable '$b' in constant value.", 1, 19),
        ("\"desc\" { a }", "Syntax Error: Unexpected description, descriptions are not supported on shorthand queries.", 1, 1),
        ("\"desc\" extend type T @d", "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 1, 1),
        ("extend type T", "Syntax Error: Unexpected <EOF>.", 1, 14),
        ("extend schema", "Syntax Error: Unexpected <EOF>.", 1, 14),
        ("extend scalar S", "Syntax Error: Unexpected <EOF>.", 1, 16),
        ("directive @d on NOPE", "Syntax Error: Unexpected Name 'NOPE'.", 1, 17),
        ("extend thing X", "Syntax Error: Unexpected Name 'thing'.", 1, 8),
        ("type T { f(a: Int): }", "Syntax Error: Expected Name, found '}'.", 1, 21),
        ("union U = ", "Syntax Error: Expected Name, found <EOF>.", 1, 11),
        ("input I { a }", "Syntax Error: Expected ':', found '}'.", 1, 13),
        ("{ a }}", "Syntax Error: Unexpected '}'.", 1, 6),
        ("notakeyword { a }", "Syntax Error: Unexpected Name 'notakeyword'.", 1, 1),
        ("query Q { ... }", "Syntax Error: Expected '{', found '}'.", 1, 15),
        ("{ a(x: [1, 2) }", "Syntax Error: Unexpected ')'.", 1, 13),
        ("{ a(x: {a 1}) }", "Syntax Error: Expected ':', found Int '1'.", 1, 11),
        ("schema { query Q }", "Syntax Error: Expected ':', found Name 'Q'.", 1, 16),
        ("directive @d repeatable FIELD", "Syntax Error: Expected 'on', found Name 'FIELD'.", 1, 25),
        ("interface I implements", "Syntax Error: Expected Name, found <EOF>.", 1, 23),
        ("", "Syntax Error: Unexpected <EOF>.", 1, 1),
        ("{ a }\n\n  \"\"\"x\"\"\" b", "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 3, 3),
        ("{ a\n  \"\"\"x\"\"\" }", "Syntax Error: Expected Name, found BlockString 'x'.", 2, 3),
    ])
    func reportsParseErrors(text: String, message: String, line: Int, column: Int) {
        expectSyntaxError(text, message, line: line, column: column)
    }

    @Test func printsLikeACompilerWithTheLineAndACaret() {
        do {
            _ = try Parser.parse(Source("query Q {\n\tlaunch(id: ) { site }\n}", name: "Queries/Launch.graphql"))
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.description == """
                Queries/Launch.graphql:2:13: error: Syntax Error: Unexpected ')'.
                \tlaunch(id: ) { site }
                \t           ^
                """)
        }
    }

    @Test func theCaretCountsCharactersNotBytes() {
        do {
            _ = try Parser.parse(Source("{ é ? }", name: "x.graphql"))
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.description == "x.graphql:1:3: error: Syntax Error: Unexpected character: U+00E9.\n{ é ? }\n  ^")
        }
    }
}
