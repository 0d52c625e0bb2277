import Foundation
import GraphQLLanguage
import OrionCodegen
import OrionCompiler
import Testing

/// The one path `orion validate` and `orion generate` check operations by: every file's
/// problems, whatever the others' are.
@Suite struct OperationCheckTests {
    private static let schema = "type Query { launch(id: ID!): Launch } type Launch { id: ID! site: String }"

    /// A folder with `files` (path → text) and the schema built from `Self.schema`.
    private func project(_ files: [String: String]) throws -> (URL, Schema) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orion-check-\(UUID().uuidString)")
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return (directory, try Schema.build(sdl: [Source(Self.schema, name: "schema.graphqls")]))
    }

    @Test func everyFilesSyntaxErrorThenTheValidationErrorsOfTheRest() throws {
        let (directory, schema) = try project([
            "A.graphql": "query A { launch(id: 1) { id ",
            "B/B.graphql": "query B { launch(id: ) { id } }",
            "C.graphql": "query C { launch(id: 1) { nope } }",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let check = OperationCheck(["**/*.graphql"], relativeTo: directory, schema: schema, rules: .codeGeneration)
        #expect(check.errors.map(\.description).map { String($0.prefix { $0 != "\n" }) } == [
            "A.graphql:1:30: error: Syntax Error: Expected Name, found <EOF>.",
            "B/B.graphql:1:22: error: Syntax Error: Unexpected ')'.",
            "C.graphql:1:27: error: Cannot query field 'nope' on type 'Launch'.",
        ])
        #expect(check.documents.count == 1)
    }

    @Test func anUnusedFragmentIsAWarningForCodeGenerationAndAnErrorByTheSpec() throws {
        let (directory, schema) = try project(["Q.graphql": "query Q { launch(id: 1) { id } } fragment F on Launch { site }"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let generation = OperationCheck(["*.graphql"], relativeTo: directory, schema: schema, rules: .codeGeneration)
        #expect(generation.errors.isEmpty)
        #expect(generation.warnings.map(\.message) == ["Fragment 'F' is never used."])
        let spec = OperationCheck(["*.graphql"], relativeTo: directory, schema: schema, rules: .spec)
        #expect(spec.errors.map(\.message) == ["Fragment 'F' is never used."])
        #expect(spec.warnings.isEmpty)
    }

    @Test func generatingFromACheckIsGeneratingFromItsDocuments() throws {
        let (directory, schema) = try project(["Q.graphql": "query Q { launch(id: 1) { id site } }"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = CodegenOptions(namespace: "API", moduleType: .singleFile)
        let check = OperationCheck(["*.graphql"], relativeTo: directory, schema: schema, rules: .codeGeneration)
        let fromCheck = try CodeGenerator.generate(schema: schema, operations: check, options: options)
        #expect(fromCheck == (try CodeGenerator.generate(schema: schema, documents: check.documents, options: options)))

        let (broken, _) = try project(["Q.graphql": "query Q { launch { id } }"])
        defer { try? FileManager.default.removeItem(at: broken) }
        let failing = OperationCheck(["*.graphql"], relativeTo: broken, schema: schema, rules: .codeGeneration)
        #expect(throws: CodegenError.self) { try CodeGenerator.generate(schema: schema, operations: failing, options: options) }
    }
}
