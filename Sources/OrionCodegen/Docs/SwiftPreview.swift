import Foundation
import GraphQLLanguage
import OrionCompiler

/// The explorer's generated-Swift preview: what `orion generate` writes for one operation text,
/// from the real code generator, in memory.
public enum SwiftPreview {
    /// The JSON a preview endpoint answers for `operationText`: `{"swift": "..."}` with the
    /// generated files (the operation's and fragments' first, each under a `// path` line), or
    /// `{"errors": [{"message", "line", "column"}]}` when the text is not valid for code
    /// generation.
    ///
    /// - Parameters:
    ///   - operationText: The operations and fragments, as the explorer's editor holds them.
    ///   - schema: The schema they are written against.
    ///   - namespace: The generated module's name.
    public static func responseJSON(operationText: String, schema: Schema, namespace: String = "API") -> String {
        let document: Document
        do {
            document = try Parser.parse(Source(operationText, name: "Operation.graphql"))
        } catch {
            return errorsJSON([error])
        }
        let files: [GeneratedFile]
        do {
            files = try CodeGenerator.generate(
                schema: schema, documents: [document], options: CodegenOptions(namespace: namespace, moduleType: .embedded))
        } catch {
            return errorsJSON(error.errors)
        }
        let isExecutable: (GeneratedFile) -> Bool = { $0.path.contains("Operations/") || $0.path.contains("Fragments/") }
        let ordered = files.filter(isExecutable) + files.filter { !isExecutable($0) }
        let swift = ordered.map { "// \($0.path)\n\($0.contents)" }.joined(separator: "\n")
        return JSONText.object([("swift", JSONText.quoted(swift))])
    }

    /// Reads the operation text out of a preview request's body, `{"query": "..."}`.
    ///
    /// - Returns: nil when the body is not such an object.
    public static func operationText(requestBody: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(requestBody)) as? [String: Any] else { return nil }
        return object["query"] as? String
    }

    private static func errorsJSON(_ errors: [GraphQLError]) -> String {
        JSONText.object([("errors", JSONText.array(errors.map { error in
            let location = error.sourceLocations.first
            return JSONText.object([
                ("message", JSONText.quoted(error.message)),
                ("line", location.map { String($0.line) }),
                ("column", location.map { String($0.column) }),
            ])
        }))])
    }
}
