import GraphQLLanguage
import Testing

@Suite struct LimitsTests {
    @Test func nestingBeyondTheDepthLimitIsAnError() {
        let options = ParseOptions(maxDepth: 3)
        #expect((try? Parser.parse("{ a { b { c } } }", options: options)) != nil)
        expectSyntaxError("{ a { b { c { d } } } }", "Syntax Error: Document is nested too deeply. Parsing aborted.", line: 1, column: 13, options: options)
        expectSyntaxError("{ a(x: [[[[1]]]]) }", "Syntax Error: Document is nested too deeply. Parsing aborted.", line: 1, column: 10, options: options)
        expectSyntaxError("{ a(x: {a: {b: {c: 1}}}) }", "Syntax Error: Document is nested too deeply. Parsing aborted.", line: 1, column: 16, options: options)
        // List types count from the token after each `[`, as graphql-js counts them.
        #expect((try? Parser.parse("type T { f: [[[Int]]] }", options: options)) != nil)
        expectSyntaxError("type T { f: [[[[Int]]]] }", "Syntax Error: Document is nested too deeply. Parsing aborted.", line: 1, column: 17, options: options)
    }

    @Test func hostileNestingFailsCleanlyWithDefaultOptions() {
        let brackets = "{ a(x: " + String(repeating: "[", count: 100_000) + ") }"
        let selections = String(repeating: "{a", count: 10_000) + String(repeating: "}", count: 10_000)
        for text in [brackets, selections] {
            #expect(throws: GraphQLError.self) { try Parser.parse(text) }
            do {
                _ = try Parser.parse(text)
            } catch {
                #expect(error.message == "Syntax Error: Document is nested too deeply. Parsing aborted.")
            }
        }
    }

    @Test func tokensBeyondTheLimitAreAnError() {
        let options = ParseOptions(maxTokens: 5)
        #expect((try? Parser.parse("{ a b c }", options: options)) != nil)
        expectSyntaxError("{ a b c d }", "Syntax Error: Document contains more than 5 tokens. Parsing aborted.", line: 1, column: 11, options: options)
    }

    @Test func theExecutableModeRejectsTypeSystemDefinitions() {
        let options = ParseOptions(mode: .executableOnly)
        #expect((try? Parser.parse("query Q { a } fragment F on T { a } { b }", options: options)) != nil)
        expectSyntaxError(
            "{ a } type T { f: Int }",
            "Syntax Error: Unexpected Name 'type': only operations and fragments may appear in an executable document.",
            line: 1, column: 7, options: options)
        expectSyntaxError(
            "extend type T @d",
            "Syntax Error: Unexpected Name 'extend': only operations and fragments may appear in an executable document.",
            line: 1, column: 1, options: options)
    }

    @Test func theTypeSystemModeRejectsOperations() {
        let options = ParseOptions(mode: .typeSystemOnly)
        #expect((try? Parser.parse("type T { f: Int } extend type T @d", options: options)) != nil)
        expectSyntaxError(
            "type T { f: Int } { a }",
            "Syntax Error: Unexpected '{': only type-system definitions and extensions may appear in a schema document.",
            line: 1, column: 19, options: options)
        expectSyntaxError(
            "fragment F on T { a }",
            "Syntax Error: Unexpected Name 'fragment': only type-system definitions and extensions may appear in a schema document.",
            line: 1, column: 1, options: options)
    }
}
