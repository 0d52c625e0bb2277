import GraphQLLanguage
import Testing

/// From UTF-8 offsets to 1-based line:column (columns counting Unicode scalars, as graphql-core
/// counts code points), and the lines an error shows.
@Suite struct SourceLocationTests {
    private func at(_ source: Source, _ offset: Int) -> String {
        "\(source.sourceLocation(at: offset))"
    }

    @Test func theFirstByteIsLineOneColumnOne() {
        let source = Source("{ a }")
        #expect(at(source, 0) == "1:1")
        #expect(at(source, 2) == "1:3")
        #expect(at(source, 5) == "1:6")
    }

    @Test func linesEndAtLineFeedCarriageReturnOrBoth() {
        // a0 \n1 b2 \r3 \n4 c5 \r6 d7 \n8 \n9 e10
        let source = Source("a\nb\r\nc\rd\n\ne")
        #expect([0, 2, 5, 7, 10].map { at(source, $0) } == ["1:1", "2:1", "3:1", "4:1", "6:1"])
        // The terminators themselves belong to the line they end.
        #expect([1, 3, 6, 8, 9].map { at(source, $0) } == ["1:2", "2:2", "3:2", "4:2", "5:1"])
    }

    @Test func columnsCountScalarsNotBytes() {
        let source = Source("é日😀x\n\tété")
        #expect(at(source, 2) == "1:2")   // after é (2 bytes)
        #expect(at(source, 5) == "1:3")   // after 日 (3 bytes)
        #expect(at(source, 9) == "1:4")   // after 😀 (4 bytes)
        #expect(at(source, 10) == "1:5")  // the newline
        #expect(at(source, 12) == "2:2")  // a tab is one column
        #expect(at(source, 14) == "2:3")
    }

    @Test func offsetsOutsideTheSourceAreClamped() {
        let source = Source("ab\ncd")
        #expect(at(source, -5) == "1:1")
        #expect(at(source, 99) == "2:3")
        #expect(at(Source(""), 0) == "1:1")
    }

    @Test func lineTextDropsTheTerminator() {
        let source = Source("first\r\nsecond\rthird\nfourth\n")
        #expect((1...5).map(source.lineText) == ["first", "second", "third", "fourth", ""])
        #expect(Source("only").lineText(1) == "only")
    }

    @Test func aLocationKnowsItsSourceAndPosition() {
        let source = Source("type T {\n  f: Int\n}", name: "schema.graphqls")
        let location = Location(start: 11, end: 17, source: source)
        #expect(location.start == 11 && location.end == 17)
        #expect(location.sourceID == source.id && location.isIn(source))
        #expect(!location.isIn(Source(source.body, name: source.name)))
        #expect(location.sourceLocation(in: source) == GraphQLLanguage.SourceLocation(line: 2, column: 3))
        #expect(location.sourceLocation(in: source).description == "2:3")
        #expect(source.description == "schema.graphqls")
    }

    @Test func locationsAreEqualOnlyInTheSameSource() {
        let first = Source("{ a }")
        let second = Source("{ a }")
        #expect(Location(start: 2, end: 3, source: first) == Location(start: 2, end: 3, source: first))
        #expect(Location(start: 2, end: 3, source: first) != Location(start: 2, end: 4, source: first))
        #expect(Location(start: 2, end: 3, source: first) != Location(start: 2, end: 3, source: second))
        #expect(Set([Location(start: 2, end: 3, source: first), Location(start: 2, end: 3, source: first)]).count == 1)
    }

    @Test func nodesReportLineAndColumnOfTheirStart() throws {
        let document = try parse("# header\r\n\r\nquery Q {\r\n  a\r\n  c: b\r\n}")
        let query = try operation(document)
        #expect(position(query.location, in: document) == "3:1")
        #expect(fields(query.selectionSet).map { position($0.location, in: document) } == ["4:3", "5:3"])
        #expect(fields(query.selectionSet).map { position($0.name.location, in: document) } == ["4:3", "5:6"])
        #expect(position(fields(query.selectionSet).last?.alias?.location, in: document) == "5:3")
        // `é` is no name: it is an error at its column.
        expectSyntaxError("{\r\n  a\r\n  é: b\r\n}", "Syntax Error: Unexpected character: U+00E9.", line: 3, column: 3)
    }

    @Test func errorsOnLongLinesCountEveryScalar() {
        let prefix = String(repeating: "😀", count: 1_000)
        expectSyntaxError("{ a(s: \"\(prefix)\") ? }", "Syntax Error: Unexpected character: '?'.", line: 1, column: 1_000 + 12)
    }
}
