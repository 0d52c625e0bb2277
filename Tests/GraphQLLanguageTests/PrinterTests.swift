import Foundation
import GraphQLLanguage
import Testing

@Suite struct PrinterTests {
    @Test func printsAQueryWithEverything() throws {
        let text = #"""
            query Q($id: ID! = "1" @d, $list: [Int]) @op {
              alias: field(a: 1, b: [1.5, ENUM, null, true], c: {x: $id}) @include(if: $id) {
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

    @Test func printsTheShorthandOnlyForAPlainAnonymousQuery() throws {
        #expect(Printer.print(try parse("{ a }")) == "{\n  a\n}")
        #expect(Printer.print(try parse("query { a }")) == "{\n  a\n}")
        #expect(Printer.print(try parse("query @d { a }")) == "query @d {\n  a\n}")
        #expect(Printer.print(try parse("{ a {} }")) == "{\n  a {}\n}")
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

    @Test(arguments: [
        "\n\nleading blank lines", "trailing spaces\n   ", "carriage\rreturn", "  common\n  indentation",
        "ends with a quote\"", "ends with a slash\\", "contains \"\"\" quotes", " leading space", "\ttab", "",
        String(repeating: "long ", count: 30), "control \u{1} character",
    ])
    func blockStringsRoundTripWhateverTheirValue(value: String) throws {
        let document = Document(definitions: [.type(TypeDefinition(kind: .scalar, description: StringValue(value, block: true), name: Name("S")))])
        let reparsed = try parse(Printer.print(document))
        guard case .type(let type)? = reparsed.definitions.first else { Issue.record("no type"); return }
        #expect(type.description?.value == value)
    }

    @Test func printedDocumentsParseToTheSameDocument() throws {
        let withoutLocations = ParseOptions(noLocation: true)
        for url in TestData.sharedDocuments() {
            let original = try Parser.parse(Source(try String(contentsOf: url, encoding: .utf8)), options: withoutLocations)
            let printed = Printer.print(original)
            #expect(try Parser.parse(Source(printed), options: withoutLocations) == original, "\(url.lastPathComponent)")
            #expect(Printer.print(try Parser.parse(printed)) == printed, "printing \(url.lastPathComponent) is not a fixed point")
        }
    }
}
