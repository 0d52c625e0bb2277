import GraphQLLanguage
import Testing

/// Tokens as the parser sees them: ignored characters, numbers, strings and block strings, and
/// every lexical error with its message and position (as graphql-core 3.3.2 reports them).
@Suite struct LexerTests {
    // MARK: Ignored tokens

    @Test func ignoresWhitespaceCommasCommentsAndTheByteOrderMark() throws {
        let document = try parse("\u{FEFF}# a comment\n{ a,, b\t,c # trailing\r\n d\r e }")
        #expect(fields(try operation(document).selectionSet).map(\.name.value) == ["a", "b", "c", "d", "e"])
    }

    @Test func ignoresAByteOrderMarkAnywhere() throws {
        let document = try parse("{ a \u{FEFF} b }\u{FEFF}")
        #expect(fields(try operation(document).selectionSet).map(\.name.value) == ["a", "b"])
    }

    @Test func commentsEndAtEveryLineTerminatorAndMayHoldAnything() throws {
        let document = try parse("{ a # one \u{7} ? é 😀 \"\r b # two\r\n c # three\n d } # last, no newline")
        #expect(fields(try operation(document).selectionSet).map(\.name.value) == ["a", "b", "c", "d"])
    }

    @Test func aDocumentOfOnlyIgnoredTokensIsEmpty() {
        expectSyntaxError("# only a comment", "Syntax Error: Unexpected <EOF>.", line: 1, column: 17)
        expectSyntaxError("   ", "Syntax Error: Unexpected <EOF>.", line: 1, column: 4)
        expectSyntaxError(",,,", "Syntax Error: Unexpected <EOF>.", line: 1, column: 4)
        expectSyntaxError("\u{FEFF}", "Syntax Error: Unexpected <EOF>.", line: 1, column: 2)
    }

    @Test func linesEndAtLineFeedsCarriageReturnsAndBoth() {
        expectSyntaxError("{ a }\r\n# c\r\n{ b ? }", "Syntax Error: Unexpected character: '?'.", line: 3, column: 5)
        expectSyntaxError("{ a }\r# c\r{ b ? }", "Syntax Error: Unexpected character: '?'.", line: 3, column: 5)
        expectSyntaxError("{ a }\n\r\n\r{ b ? }", "Syntax Error: Unexpected character: '?'.", line: 4, column: 5)
        expectSyntaxError("{ a }\n\n{ b\t\t? }", "Syntax Error: Unexpected character: '?'.", line: 3, column: 6)
    }

    @Test func namesMayBeKeywords() throws {
        let document = try parse("{ on fragment query mutation subscription true false null type extend _x X1 }")
        #expect(fields(try operation(document).selectionSet).map(\.name.value) == [
            "on", "fragment", "query", "mutation", "subscription", "true", "false", "null", "type", "extend", "_x", "X1",
        ])
    }

    // MARK: Numbers

    @Test func readsNumbersAsWritten() throws {
        let value = try firstArgumentValue("{ f(a: [0, -0, 12, -34, 1.5, -0.25, 1e10, 2E-3, 6.02e+23, 123456789012345678901234567890, 0.0, -0.0e-0, 1.0E0]) }")
        guard case .list(let list) = value else { Issue.record("not a list"); return }
        let written = list.values.map { value -> String in
            switch value {
            case .int(let int): "int \(int.value)"
            case .float(let float): "float \(float.value)"
            default: "other"
            }
        }
        #expect(written == [
            "int 0", "int -0", "int 12", "int -34", "float 1.5", "float -0.25", "float 1e10", "float 2E-3",
            "float 6.02e+23", "int 123456789012345678901234567890", "float 0.0", "float -0.0e-0", "float 1.0E0",
        ])
    }

    @Test func numbersNeedNoSeparatorBeforePunctuators() throws {
        let value = try firstArgumentValue("{ f(a: [1,2[3]{x:4.5}]) }")
        #expect(Printer.print(value) == "[1, 2, [3], { x: 4.5 }]")
    }

    // MARK: Strings

    @Test func decodesEveryStringEscape() throws {
        let string = try stringArgument(#"{ f(s: "q\" b\\ s\/ \b\f\n\r\t \u00e9 \u00E9 \u{1F600} \u{1f600} \uD83D\uDE00 \ud83d\ude00 \u{0} \u{41} \u{000041} \u{10FFFF}") }"#)
        #expect(string.value == "q\" b\\ s/ \u{08}\u{0C}\n\r\t é é 😀 😀 😀 😀 \u{0} A A \u{10FFFF}")
        #expect(!string.block)
    }

    @Test func keepsUnicodeAndControlCharactersInStrings() throws {
        #expect(try stringArgument("{ f(s: \"日本 \u{1} \u{7F} \u{2028} 😀\") }").value == "日本 \u{1} \u{7F} \u{2028} 😀")
        #expect(try stringArgument(#"{ f(s: "") }"#).value == "")
        #expect(try stringArgument(##"{ f(s: "# not a comment") }"##).value == "# not a comment")
    }

    // MARK: Block strings

    @Test func dedentsBlockStrings() throws {
        let string = try stringArgument("{ f(s: \"\"\"\n\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  \n\"\"\") }")
        #expect(string.value == "Hello,\n  World!\n\nYours,\n  GraphQL.")
        #expect(string.block)
    }

    @Test func blockStringsKeepTheFirstLineAndEscapedQuotes() throws {
        let string = try stringArgument("{ f(s: \"\"\"  first\n  second \\\"\"\" \\n\r\n    third\"\"\") }")
        #expect(string.value == "  first\nsecond \"\"\" \\n\n  third")
    }

    @Test func blockStringsCountTabsAsIndentationAndEndLinesAtEveryTerminator() throws {
        #expect(try stringArgument("{ f(s: \"\"\"\n\ta\n\t\tb\n\"\"\") }").value == "a\n\tb")
        #expect(try stringArgument("{ f(s: \"\"\"\r\n  a\r\n    b\r\n\"\"\") }").value == "a\n  b")
        #expect(try stringArgument("{ f(s: \"\"\"\r  a\r    b\r\"\"\") }").value == "a\n  b")
        // Blank lines do not count towards the common indentation.
        #expect(try stringArgument("{ f(s: \"\"\"\n    a\n \n    b\n\"\"\") }").value == "a\n\nb")
    }

    @Test func blockStringsKeepEscapesAndQuotesRaw() throws {
        #expect(try stringArgument(#"{ f(s: """a \n \u0041 \" "" "quoted" \\ b""") }"#).value == #"a \n \u0041 \" "" "quoted" \\ b"#)
        #expect(try stringArgument(#"{ f(s: """a\"""b""") }"#).value == #"a"""b"#)
        #expect(try stringArgument(#"{ f(s: """\"""\"""""") }"#).value == String(repeating: "\"", count: 6))
        #expect(try stringArgument(#"{ f(s: """a\\"""b""") }"#).value == #"a\"""b"#)
        #expect(try stringArgument("{ f(s: \"\"\"日本 😀 \u{7}\"\"\") }").value == "日本 😀 \u{7}")
    }

    @Test func emptyAndBlankBlockStringsAreEmpty() throws {
        for text in ["{ f(s: \"\"\"\"\"\") }", "{ f(s: \"\"\"  \n \t \n\"\"\") }", "{ f(s: \"\"\"\n\n\"\"\") }"] {
            #expect(try stringArgument(text).value == "")
        }
    }

    // MARK: Lexical errors

    @Test(arguments: [
        // Characters that start no token.
        ("{ a ? }", "Syntax Error: Unexpected character: '?'.", 1, 5),
        ("{ a é }", "Syntax Error: Unexpected character: U+00E9.", 1, 5),
        ("{ a 😀 }", "Syntax Error: Unexpected character: U+1F600.", 1, 5),
        ("\u{a0}{ a }", "Syntax Error: Unexpected character: U+00A0.", 1, 1),
        ("{ a \u{7} }", "Syntax Error: Unexpected character: U+0007.", 1, 5),
        ("\u{7}", "Syntax Error: Unexpected character: U+0007.", 1, 1),
        ("{ a(x: .) }", "Syntax Error: Unexpected character: '.'.", 1, 8),
        ("{ a(s: 'x') }", "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?", 1, 8),
        ("{ ..a }", "Syntax Error: Unexpected '..', did you mean '...'?", 1, 3),
        ("{ a } ..", "Syntax Error: Unexpected '..', did you mean '...'?", 1, 7),
        // Numbers.
        ("{ a(x: .5) }", "Syntax Error: Invalid number, expected digit before '.', did you mean '0.5'?", 1, 8),
        ("{ a(x: .123) }", "Syntax Error: Invalid number, expected digit before '.', did you mean '0.123'?", 1, 8),
        ("{ a(x: 01) }", "Syntax Error: Invalid number, unexpected digit after 0: '1'.", 1, 9),
        ("{ a(x: -01) }", "Syntax Error: Invalid number, unexpected digit after 0: '1'.", 1, 10),
        ("{ a(x: 00) }", "Syntax Error: Invalid number, unexpected digit after 0: '0'.", 1, 9),
        ("{ a(x: 1.) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 10),
        ("{ a(x: 1.e1) }", "Syntax Error: Invalid number, expected digit but got: 'e'.", 1, 10),
        ("{ a(x: 1.5.3) }", "Syntax Error: Invalid number, expected digit but got: '.'.", 1, 11),
        ("{ a(x: 1e) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 10),
        ("{ a(x: 1E) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 10),
        ("{ a(x: 1e+) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 11),
        ("{ a(x: 1e-) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 11),
        ("{ a(x: 1a) }", "Syntax Error: Invalid number, expected digit but got: 'a'.", 1, 9),
        ("{ a(x: 1_000) }", "Syntax Error: Invalid number, expected digit but got: '_'.", 1, 9),
        ("{ a(x: 0x1F) }", "Syntax Error: Invalid number, expected digit but got: 'x'.", 1, 9),
        ("{ a(x: -) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 9),
        ("{ a(x: -a) }", "Syntax Error: Invalid number, expected digit but got: 'a'.", 1, 9),
        ("{ a(x: - 1) }", "Syntax Error: Invalid number, expected digit but got: ' '.", 1, 9),
        ("{ a(x: 1", "Syntax Error: Expected Name, found <EOF>.", 1, 9),
        ("{ a(x: 1.", "Syntax Error: Invalid number, expected digit but got: <EOF>.", 1, 10),
        ("{ a(x: 1é) }", "Syntax Error: Unexpected character: U+00E9.", 1, 9),
        // Strings.
        ("{ a(x: \"abc) }", "Syntax Error: Unterminated string.", 1, 15),
        ("{ a(x: \"a\nb\") }", "Syntax Error: Unterminated string.", 1, 10),
        ("{ a(x: \"abc\r\") }", "Syntax Error: Unterminated string.", 1, 12),
        ("{ a(x: \"\\\") }", "Syntax Error: Unterminated string.", 1, 14),
        ("\"unterminated", "Syntax Error: Unterminated string.", 1, 14),
        ("{ a(x: \"\"\"abc) }", "Syntax Error: Unterminated string.", 1, 17),
        ("{ a(x: \"\"\"abc\"\") }", "Syntax Error: Unterminated string.", 1, 19),
        ("{ a(x: \"\"\"abc\\\"\"\") }", "Syntax Error: Unterminated string.", 1, 21),
        ("\"\"\"\n  a\n  b", "Syntax Error: Unterminated string.", 3, 4),
        ("{ a(x: \"\\x\") }", "Syntax Error: Invalid character escape sequence: '\\x'.", 1, 9),
        ("{ a(x: \"\\'\") }", "Syntax Error: Invalid character escape sequence: '\\''.", 1, 9),
        ("{ a(x: \"\\é\") }", "Syntax Error: Invalid character escape sequence: '\\é'.", 1, 9),
        ("{ a(x: \"ok \\x\") }", "Syntax Error: Invalid character escape sequence: '\\x'.", 1, 12),
        ("{ a(x: \"\\u12\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u12\")'.", 1, 9),
        ("{ a(x: \"\\u00e\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u00e\"'.", 1, 9),
        ("{ a(x: \"\\uXYZW\") }", "Syntax Error: Invalid Unicode escape sequence: '\\uXYZW'.", 1, 9),
        ("{ a(x: \"\\u{}\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u{}'.", 1, 9),
        ("{ a(x: \"\\u{1F60\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u{1F60\"'.", 1, 9),
        ("{ a(x: \"\\u{110000}\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u{110000}'.", 1, 9),
        ("{ a(x: \"\\u{D800}\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u{D800}'.", 1, 9),
        ("{ a(x: \"\\u{80000000}\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u{80000000}'.", 1, 9),
        ("{ a(x: \"\\u{0000000041}\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u{000000004'.", 1, 9),
        ("\"\\u{FFFFFFFFF}\"", "Syntax Error: Invalid Unicode escape sequence: '\\u{FFFFFFFFF'.", 1, 2),
        // Surrogates: a leading one needs a trailing one right after it; a trailing one alone is invalid.
        ("{ a(x: \"\\uD800\") }", "Syntax Error: Invalid Unicode escape sequence: '\\uD800'.", 1, 9),
        ("{ a(x: \"\\uD800x\") }", "Syntax Error: Invalid Unicode escape sequence: '\\uD800'.", 1, 9),
        ("{ a(x: \"\\uD83D\\u0041\") }", "Syntax Error: Invalid Unicode escape sequence: '\\uD83D'.", 1, 9),
        ("{ a(x: \"\\uDE00\") }", "Syntax Error: Invalid Unicode escape sequence: '\\uDE00'.", 1, 9),
        ("{ a(x: \"\\uDE00\\uD83D\") }", "Syntax Error: Invalid Unicode escape sequence: '\\uDE00'.", 1, 9),
    ])
    func reportsLexicalErrors(text: String, message: String, line: Int, column: Int) {
        expectSyntaxError(text, message, line: line, column: column)
    }

    @Test func countsColumnsInUnicodeScalarsAndLinesAcrossEveryTerminator() {
        expectSyntaxError("{ a }\r\n{ b }\r{ c }\n { 😀 ? }", "Syntax Error: Unexpected character: U+1F600.", line: 4, column: 4)
        expectSyntaxError("{ \"日本\" }", "Syntax Error: Expected Name, found String '日本'.", line: 1, column: 3)
        expectSyntaxError("{ a(x: \"日本😀\\x\") }", "Syntax Error: Invalid character escape sequence: '\\x'.", line: 1, column: 12)
        expectSyntaxError("{ a(x: \"\"\"日本\n😀 é\"\"\" ?) }", "Syntax Error: Unexpected character: '?'.", line: 2, column: 8)
    }
}
