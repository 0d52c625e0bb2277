import Foundation
import GraphQLLanguage

/// Finds and parses the `.graphql` files that globs match: the operations and fragments of an
/// app, one pool across all files.
public enum OperationLoader {
    /// The parsed documents, and every syntax or reading error (all files are read, whatever
    /// fails).
    public static func load(_ globs: [String], relativeTo directory: URL) -> (documents: [Document], errors: [GraphQLError]) {
        var documents: [Document] = []
        var errors: [GraphQLError] = []
        var seen: Set<String> = []
        for pattern in globs {
            let matches = Glob(pattern).files(relativeTo: directory)
            if matches.isEmpty {
                errors.append(GraphQLError("No files match \(pattern) (relative to \(directory.path)); check the --operations pattern."))
            }
            for url in matches where seen.insert(url.path).inserted {
                let name = SchemaLoader.displayPath(url, relativeTo: directory)
                do {
                    let text = try String(contentsOf: url, encoding: .utf8)
                    documents.append(try Parser.parse(Source(text, name: name), options: ParseOptions(mode: .executableOnly)))
                } catch let error as GraphQLError {
                    errors.append(error)
                } catch {
                    errors.append(GraphQLError("Cannot read \(name): \(error.localizedDescription)"))
                }
            }
        }
        return (documents, errors)
    }
}
