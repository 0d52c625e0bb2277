import GraphQLLanguage
import Testing

/// The limits that keep hostile input in check (nesting depth, token count), and the parse
/// options: executable only, type system only, no locations.
@Suite struct LimitsTests {
    private static let tooDeep = "Syntax Error: Document is nested too deeply. Parsing aborted."

    // MARK: Depth

    @Test func nestingBeyondTheDepthLimitIsAnError() {
        let options = ParseOptions(maxDepth: 3)
        #expect((try? Parser.parse("{ a { b { c } } }", options: options)) != nil)
        expectSyntaxError("{ a { b { c { d } } } }", Self.tooDeep, line: 1, column: 13, options: options)
        expectSyntaxError("{ a(x: [[[[1]]]]) }", Self.tooDeep, line: 1, column: 10, options: options)
        expectSyntaxError("{ a(x: {a: {b: {c: 1}}}) }", Self.tooDeep, line: 1, column: 16, options: options)
        // List types count from the token after each `[`, as graphql-js counts them.
        #expect((try? Parser.parse("type T { f: [[[Int]]] }", options: options)) != nil)
        expectSyntaxError("type T { f: [[[[Int]]]] }", Self.tooDeep, line: 1, column: 17, options: options)
        expectSyntaxError("query Q($a: [[[[Int]]]]) { a }", Self.tooDeep, line: 1, column: 17, options: options)
        expectSyntaxError("query Q($a: I = [[[[1]]]]) { a }", Self.tooDeep, line: 1, column: 20, options: options)
    }

    @Test func theDepthLimitCountsEveryKindOfNestingTogether() {
        let options = ParseOptions(maxDepth: 3)
        #expect((try? Parser.parse("{ a(x: [{b: 1}]) }", options: options)) != nil)
        expectSyntaxError("{ a(x: [{b: [1]}]) }", Self.tooDeep, line: 1, column: 13, options: options)
        expectSyntaxError("{ a { b(x: [[1]]) } }", Self.tooDeep, line: 1, column: 13, options: options)
        // Each definition starts again from nothing.
        #expect((try? Parser.parse("{ a { b { c } } } { d { e { f } } }", options: options)) != nil)
    }

    /// With the default limit (200, as graphql-core's), errors come where graphql-core 3.3.2 puts them.
    @Test(arguments: [
        (String(repeating: "{a", count: 201) + String(repeating: "}", count: 201), 401),
        ("{ a(x: " + String(repeating: "[", count: 200) + "1" + String(repeating: "]", count: 200) + ") }", 207),
        ("{ a(x: " + String(repeating: "{a: ", count: 200) + "1" + String(repeating: "}", count: 200) + ") }", 804),
        ("type T { f: " + String(repeating: "[", count: 201) + "Int" + String(repeating: "]", count: 201) + " }", 214),
        ("query Q($a: " + String(repeating: "[", count: 201) + "Int" + String(repeating: "]", count: 201) + ") { a }", 214),
        ("{ a(x: " + String(repeating: "[", count: 100) + String(repeating: "{a: ", count: 100) + "1" + String(repeating: "}", count: 100) + String(repeating: "]", count: 100) + ") }", 504),
        (String(repeating: "{a", count: 150) + "(x: " + String(repeating: "[", count: 51) + "1" + String(repeating: "]", count: 51) + ")" + String(repeating: "}", count: 150), 355),
    ])
    func theDefaultDepthLimitAgreesWithGraphQLCore(text: String, column: Int) {
        expectSyntaxError(text, Self.tooDeep, line: 1, column: column)
    }

    @Test func nestingUpToTheDefaultLimitParses() throws {
        _ = try parse(String(repeating: "{a", count: 200) + String(repeating: "}", count: 200))
        _ = try parse("{ a(x: " + String(repeating: "[", count: 199) + "1" + String(repeating: "]", count: 199) + ") }")
        _ = try parse("type T { f: " + String(repeating: "[", count: 200) + "Int" + String(repeating: "]", count: 200) + " }")
        _ = try parse(String(repeating: "{a", count: 150) + "(x: " + String(repeating: "[", count: 50) + "1" + String(repeating: "]", count: 50) + ")" + String(repeating: "}", count: 150))
    }

    /// Input far deeper than any stack could recurse fails with the depth error, not a crash.
    @Test(arguments: [
        ("{ a(x: " + String(repeating: "[", count: 100_000) + ") }", 1, 207),
        (String(repeating: "{a", count: 10_000) + String(repeating: "}", count: 10_000), 1, 401),
        (String(repeating: "{a", count: 100_000), 1, 401),
        ("{ a(x: " + String(repeating: "{a:", count: 100_000) + ") }", 1, 605),
        ("type T { f: " + String(repeating: "[", count: 100_000), 1, 214),
        ("query Q($v: I = " + String(repeating: "[", count: 100_000) + ") { a }", 1, 217),
        (String(repeating: "{a\n", count: 300), 201, 1),
    ])
    func hostileNestingFailsCleanlyWithDefaultOptions(text: String, line: Int, column: Int) {
        expectSyntaxError(text, Self.tooDeep, line: line, column: column)
    }

    // MARK: Tokens

    @Test func tokensBeyondTheLimitAreAnError() {
        let options = ParseOptions(maxTokens: 5)
        #expect((try? Parser.parse("{ a b c }", options: options)) != nil)
        expectSyntaxError("{ a b c d }", "Syntax Error: Document contains more than 5 tokens. Parsing aborted.", line: 1, column: 11, options: options)
        expectSyntaxError("{ a b c d e f g }", "Syntax Error: Document contains more than 5 tokens. Parsing aborted.", line: 1, column: 11, options: options)
        expectSyntaxError("{ a\n  b\n  c(x: 1) }", "Syntax Error: Document contains more than 5 tokens. Parsing aborted.", line: 3, column: 5, options: options)
    }

    @Test func commentsAndIgnoredCharactersAreNotTokens() {
        let options = ParseOptions(maxTokens: 5)
        #expect((try? Parser.parse("# one\n{ a, # two\n b,,, c } # three", options: options)) != nil)
    }

    @Test func theTokenLimitCanBeLifted() throws {
        let wide = "{ " + String(repeating: "a ", count: 50_000) + "}"
        _ = try parse(wide, options: ParseOptions(maxTokens: nil))
        _ = try parse(wide)
        expectSyntaxError(wide, "Syntax Error: Document contains more than 1000 tokens. Parsing aborted.", line: 1, column: 2001, options: ParseOptions(maxTokens: 1000))
    }

    // MARK: Modes

    @Test func theExecutableModeRejectsTypeSystemDefinitions() {
        let options = ParseOptions(mode: .executableOnly)
        #expect((try? Parser.parse("query Q { a } fragment F on T { a } { b } \"d\" mutation { c }", options: options)) != nil)
        expectSyntaxError(
            "{ a } type T { f: Int }",
            "Syntax Error: Unexpected Name 'type': only operations and fragments may appear in an executable document.",
            line: 1, column: 7, options: options)
        expectSyntaxError(
            "extend type T @d",
            "Syntax Error: Unexpected Name 'extend': only operations and fragments may appear in an executable document.",
            line: 1, column: 1, options: options)
        expectSyntaxError(
            "{ a }\nschema { query: Q }",
            "Syntax Error: Unexpected Name 'schema': only operations and fragments may appear in an executable document.",
            line: 2, column: 1, options: options)
        expectSyntaxError(
            "directive @d on FIELD",
            "Syntax Error: Unexpected Name 'directive': only operations and fragments may appear in an executable document.",
            line: 1, column: 1, options: options)
        expectSyntaxError(
            "  scalar S",
            "Syntax Error: Unexpected Name 'scalar': only operations and fragments may appear in an executable document.",
            line: 1, column: 3, options: options)
    }

    @Test func theTypeSystemModeRejectsOperations() {
        let options = ParseOptions(mode: .typeSystemOnly)
        #expect((try? Parser.parse("type T { f: Int } extend type T @d schema { query: T } directive @d on FIELD extend schema @d", options: options)) != nil)
        expectSyntaxError(
            "type T { f: Int } { a }",
            "Syntax Error: Unexpected '{': only type-system definitions and extensions may appear in a schema document.",
            line: 1, column: 19, options: options)
        expectSyntaxError(
            "fragment F on T { a }",
            "Syntax Error: Unexpected Name 'fragment': only type-system definitions and extensions may appear in a schema document.",
            line: 1, column: 1, options: options)
        expectSyntaxError(
            "scalar S\nquery Q { a }",
            "Syntax Error: Unexpected Name 'query': only type-system definitions and extensions may appear in a schema document.",
            line: 2, column: 1, options: options)
        expectSyntaxError(
            "subscription { a }",
            "Syntax Error: Unexpected Name 'subscription': only type-system definitions and extensions may appear in a schema document.",
            line: 1, column: 1, options: options)
    }

    @Test func aRejectedDefinitionIsBlamedFromItsDescription() throws {
        let executable = try #require(syntaxError("{ a }\n\"\"\"The root\"\"\"\ntype Query { a: Int }", options: ParseOptions(mode: .executableOnly)))
        #expect(error(executable, is: "only operations and fragments may appear in an executable document.", at: "2:1"))
        let schema = try #require(syntaxError("scalar S\n\"op\" query Q { a }", options: ParseOptions(mode: .typeSystemOnly)))
        #expect(error(schema, is: "only type-system definitions and extensions may appear in a schema document.", at: "2:1"))
    }

    private func error(_ error: GraphQLError, is ending: String, at position: String) -> Bool {
        error.message.hasPrefix("Syntax Error: Unexpected ") && error.message.hasSuffix(ending)
            && error.sourceLocations.map(\.description) == [position]
    }

    @Test func modesStillReportSyntaxErrorsOfTheirOwnDefinitions() {
        expectSyntaxError("query Q { a(x: ) }", "Syntax Error: Unexpected ')'.", line: 1, column: 16, options: ParseOptions(mode: .executableOnly))
        expectSyntaxError("type T { f }", "Syntax Error: Expected ':', found '}'.", line: 1, column: 12, options: ParseOptions(mode: .typeSystemOnly))
    }

    // MARK: No locations

    @Test func noLocationLeavesEveryNodeWithoutAPosition() throws {
        let text = #"""
            "op" query Q("v" $a: [Int!]! = [1] @d) @e { alias: f(x: {y: [$a, "s", """b""", 1.5, E, null, true]}) ...F ... on T { g } }
            fragment F on T { h }
            """desc""" type T implements I @d { f("a" a: Int = 1): [T!] }
            extend type T @d  schema { query: T }  extend schema @d  union U = A | B  enum E { A }  input In { a: Int }
            directive @d(a: Int) repeatable on FIELD  extend directive @d @e  scalar S  extend scalar S @d
            """#
        let document = try parse(text, options: ParseOptions(noLocation: true))
        var collector = LocationCollector()
        document.walk(&collector)
        #expect(collector.nodes > 60)
        #expect(collector.located == 0)
        #expect(document.location == nil)
        // Values stay whole without their locations.
        guard case .type(let type) = document.definitions[2] else { Issue.record("not a type"); return }
        #expect(type.description?.value == "desc")
        #expect(type.name.location == nil && type.description?.location == nil)
    }

    @Test func withoutLocationsTheSameTextParsesToEqualDocuments() throws {
        let text = "query Q($a: Int = 1) { a(x: $a) { b } }"
        #expect(try parse(text, options: ParseOptions(noLocation: true)) == parse("query   Q($a:Int=1){a(x:$a){b}}", options: ParseOptions(noLocation: true)))
        // With locations, the two documents differ (different sources and offsets).
        #expect(try parse(text) != parse(text))
    }
}

/// Counts the nodes a walk sees and how many of them have a location.
private struct LocationCollector: ASTVisitor {
    var nodes = 0
    var located = 0

    mutating func enter(_ node: ASTNode) -> VisitAction {
        nodes += 1
        if node.location != nil { located += 1 }
        return .continue
    }
}
