import ArgumentParser
import Foundation
import GraphQLLanguage
import OrionCodegen
import OrionCompiler

/// `orion validate`: checks a schema and the operations that globs match.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a schema and the operations written against it.",
        discussion: """
            Loads the schema (SDL files, merged, or one introspection schema.json), checks it by the \
            GraphQL type-system rules, then checks every operation file the globs match (** matches \
            any number of folders) as one pool: a fragment defined in one file may be used in another. \
            Prints each problem as path:line:column, then the line and a caret; exits 1 if there was \
            any error. A fragment no operation uses is a warning (apps read the cache with fragments) \
            unless --strict, which applies the spec's rules exactly, as graphql-js does.
            """)

    @Option(name: .customLong("schema"), help: ArgumentHelp("A schema file: SDL (.graphqls), or an introspection result (.json). Repeat to merge SDL files.", valueName: "path"))
    var schemaPaths: [String] = []

    @Option(name: .customLong("operations"), help: ArgumentHelp("A glob of operation files, e.g. 'Sources/**/*.graphql'. Repeatable. Without it, only the schema is checked.", valueName: "glob"))
    var operationGlobs: [String] = []

    @Flag(help: "Apply the spec's validation rules exactly (unused fragments are errors; no code-generation rules).")
    var strict = false

    func validate() throws {
        if schemaPaths.isEmpty {
            throw ValidationError("Missing --schema: pass the schema's SDL file(s) or its introspection schema.json.")
        }
    }

    func run() throws {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let schema: Schema
        do {
            schema = try SchemaLoader.load(schemaPaths, relativeTo: directory)
        } catch {
            Diagnostics.print(errors: error.errors, warnings: [])
            throw ExitCode.failure
        }
        guard !operationGlobs.isEmpty else { return }
        let (documents, syntaxErrors) = OperationLoader.load(operationGlobs, relativeTo: directory)
        var errors = syntaxErrors
        var warnings: [GraphQLError] = []
        if strict {
            errors += OrionCompiler.validate(documents, schema: schema)
        } else {
            errors += OrionCompiler.validate(documents, schema: schema, rules: swiftCodeGenerationRules)
            warnings = OrionCompiler.validate(documents, schema: schema, rules: [NoUnusedFragments.self])
        }
        Diagnostics.print(errors: errors, warnings: warnings)
        if !errors.isEmpty { throw ExitCode.failure }
    }
}
