import Foundation
import GraphQLLanguage
import OrionCompiler

/// Reads a schema from files: introspection JSON (`.json`) or SDL (anything else; several SDL
/// files are merged into one schema).
public enum SchemaLoader {
    /// Loads and checks the schema at `paths` (relative ones against `directory`).
    ///
    /// - Throws: `SchemaError` for unreadable files, syntax errors and type-system problems.
    public static func load(_ paths: [String], relativeTo directory: URL) throws(SchemaError) -> Schema {
        guard !paths.isEmpty else {
            throw SchemaError([GraphQLError("No schema given: pass --schema with an .graphqls SDL file or a schema.json introspection result.")])
        }
        let urls = paths.map { URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL }
        let jsonFiles = urls.filter { $0.pathExtension.lowercased() == "json" }
        if let json = jsonFiles.first {
            guard urls.count == 1 else {
                throw SchemaError([GraphQLError("\(json.path): an introspection result is a whole schema; it cannot be merged with other schema files.")])
            }
            let data: Data
            do {
                data = try Data(contentsOf: json)
            } catch {
                throw SchemaError([GraphQLError("Cannot read the schema \(json.path): \(error.localizedDescription)")])
            }
            return try Schema.build(introspectionJSON: data, name: json.path)
        }
        var sources: [Source] = []
        var errors: [GraphQLError] = []
        for url in urls {
            do {
                sources.append(Source(try String(contentsOf: url, encoding: .utf8), name: displayPath(url, relativeTo: directory)))
            } catch {
                errors.append(GraphQLError("Cannot read the schema \(url.path): \(error.localizedDescription)"))
            }
        }
        guard errors.isEmpty else { throw SchemaError(errors) }
        return try Schema.build(sdl: sources)
    }

    /// `url` relative to `directory` when it is inside it, for short compiler-style paths.
    static func displayPath(_ url: URL, relativeTo directory: URL) -> String {
        let base = directory.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
