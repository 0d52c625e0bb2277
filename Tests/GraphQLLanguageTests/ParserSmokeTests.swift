import Testing
@testable import GraphQLLanguage

@Test func parsesAndPrintsAQuery() throws {
    let document = try Parser.parse("query Q($id: ID!) { launch(id: $id) { id site } }")
    #expect(Printer.print(document) == "query Q($id: ID!) {\n  launch(id: $id) {\n    id\n    site\n  }\n}")
}
