import GraphQLLanguage
import Testing

@Suite struct LexerTests {
    @Test func ignoresWhitespaceCommasCommentsAndTheByteOrderMark() throws {
        let document = try parse("\u{FEFF}# a comment\n{ a,, b\t,c # trailing\r\n d\r e }")
        #expect(fields(try operation(document).selectionSet).map(\.name.value) == ["a", "b", "c", "d", "e"])
    }

    @Test func readsNumbersAsWritten() throws {
        let value = try firstArgumentValue("{ f(a: [0, -0, 12, -34, 1.5, -0.25, 1e10, 2E-3, 6.02e+23, 123456789012345678901234567890]) }")
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
            "float 6.02e+23", "int 123456789012345678901234567890",
        ])
    }

    @Test func decodesEveryStringEscape() throws {
        let value = try firstArgumentValue(#"{ f(s: "q\" b\\ s\/ \b\f\n\r\t \u00e9 \u{1F600} \uD83D\uDE00 \u{0}") }"#)
        guard case .string(let string) = value else { Issue.record("not a string"); return }
        #expect(string.value == "q\" b\\ s/ \u{08}\u{0C}\n\r\t é 😀 😀 \u{0}")
        #expect(!string.block)
    }

    @Test func keepsUnicodeAndControlCharactersInStrings() throws {
        let value = try firstArgumentValue("{ f(s: \"日本 \u{1}\") }")
        guard case .string(let string) = value else { Issue.record("not a string"); return }
        #expect(string.value == "日本 \u{1}")
    }

    @Test func dedentsBlockStrings() throws {
        let value = try firstArgumentValue("{ f(s: \"\"\"\n\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  \n\"\"\") }")
        guard case .string(let string) = value else { Issue.record("not a string"); return }
        #expect(string.value == "Hello,\n  World!\n\nYours,\n  GraphQL.")
        #expect(string.block)
    }

    @Test func blockStringsKeepTheFirstLineAndEscapedQuotes() throws {
        let value = try firstArgumentValue("{ f(s: \"\"\"  first\n  second \\\"\"\" \\n\r\n    third\"\"\") }")
        guard case .string(let string) = value else { Issue.record("not a string"); return }
        #expect(string.value == "  first\nsecond \"\"\" \\n\n  third")
    }

    @Test func emptyAndBlankBlockStringsAreEmpty() throws {
        for text in ["{ f(s: \"\"\"\"\"\") }", "{ f(s: \"\"\"  \n \t \n\"\"\") }"] {
            let value = try firstArgumentValue(text)
            guard case .string(let string) = value else { Issue.record("not a string"); return }
            #expect(string.value == "")
        }
    }

    @Test(arguments: [
        ("{ a ? }", "Syntax Error: Unexpected character: '?'.", 1, 5),
        ("{ a é }", "Syntax Error: Unexpected character: U+00E9.", 1, 5),
        ("\u{a0}{ a }", "Syntax Error: Unexpected character: U+00A0.", 1, 1),
        ("{ a(s: 'x') }", "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?", 1, 8),
        ("{ ..a }", "Syntax Error: Unexpected '..', did you mean '...'?", 1, 3),
        ("{ a(x: .5) }", "Syntax Error: Invalid number, expected digit before '.', did you mean '0.5'?", 1, 8),
        ("{ a(x: 01) }", "Syntax Error: Invalid number, unexpected digit after 0: '1'.", 1, 9),
        ("{ a(x: 1.) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 10),
        ("{ a(x: 1.e1) }", "Syntax Error: Invalid number, expected digit but got: 'e'.", 1, 10),
        ("{ a(x: 1e) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 10),
        ("{ a(x: 1a) }", "Syntax Error: Invalid number, expected digit but got: 'a'.", 1, 9),
        ("{ a(x: -) }", "Syntax Error: Invalid number, expected digit but got: ')'.", 1, 9),
        ("{ a(x: \"abc) }", "Syntax Error: Unterminated string.", 1, 15),
        ("{ a(x: \"a\nb\") }", "Syntax Error: Unterminated string.", 1, 10),
        ("{ a(x: \"\"\"abc) }", "Syntax Error: Unterminated string.", 1, 17),
        ("\"unterminated", "Syntax Error: Unterminated string.", 1, 14),
        ("{ a(x: \"\\x\") }", "Syntax Error: Invalid character escape sequence: '\\x'.", 1, 9),
        ("{ a(x: \"\\u12\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u12\")'.", 1, 9),
        ("{ a(x: \"\\u{}\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u{}'.", 1, 9),
        ("{ a(x: \"\\u{110000}\") }", "Syntax Error: Invalid Unicode escape sequence: '\\u{110000}'.", 1, 9),
        ("{ a(x: \"\\uD800\") }", "Syntax Error: Invalid Unicode escape sequence: '\\uD800'.", 1, 9),
        ("{ a(x: \"\\uDE00\\uD83D\") }", "Syntax Error: Invalid Unicode escape sequence: '\\uDE00'.", 1, 9),
    ])
    func reportsLexicalErrors(text: String, message: String, line: Int, column: Int) {
        expectSyntaxError(text, message, line: line, column: column)
    }

    @Test func countsColumnsInUnicodeScalarsAndLinesAcrossEveryTerminator() {
        expectSyntaxError("{ a }\r\n{ b }\r{ c }\n { 😀 ? }", "Syntax Error: Unexpected character: U+1F600.", line: 4, column: 4)
        expectSyntaxError("{ \"日本\" }", "Syntax Error: Expected Name, found String '日本'.", line: 1, column: 3)
    }
}
