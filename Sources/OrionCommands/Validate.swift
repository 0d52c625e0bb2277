import ArgumentParser
import Foundation
import GraphQLLanguage
import OrionCodegen
import OrionCompiler

/// `orion validate`: checks a schema and the operations that globs match.
package struct Validate: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        abstract: "Check a schema and the operations written against it.",
        discussion: """
            Loads the schema (SDL files, merged, or one introspection schema.json), checks it by the \
            GraphQL type-system rules, then checks every operation file the globs match (** matches \
            any number of folders) as one pool: a fragment defined in one file may be used in another. \
            Prints each problem as path:line:column, then the line and a caret; exits 1 if there was \
            any error. A fragment no operation uses is a warning (apps read the cache with fragments) \
            unless --strict, which applies the spec's rules exactly, as graphql-js does.

            With --manifest PATH (a committed persisted-query manifest, as `orion generate \
            --operation-manifest` writes), also compares the operations' ids with it and prints, \
            compiler-style, each operation whose id changed, each new one and each removed one: a \
            server that safelists the committed manifest would refuse the changed and new ones \
            until the new manifest is published. Exits 1 when anything changed, 0 when the ids \
            are identical.
            """)

    @Option(name: .customLong("schema"), help: ArgumentHelp("A schema file: SDL (.graphqls), or an introspection result (.json). Repeat to merge SDL files.", valueName: "path"))
    var schemaPaths: [String] = []

    @Option(name: .customLong("operations"), help: ArgumentHelp("A glob of operation files, e.g. 'Sources/**/*.graphql'. Repeatable. Without it, only the schema is checked.", valueName: "glob"))
    var operationGlobs: [String] = []

    @Flag(help: "Apply the spec's validation rules exactly (unused fragments are errors; no code-generation rules).")
    var strict = false

    @Option(help: ArgumentHelp(
        "A committed persisted-query manifest: report the operations whose id changed since, the new and the removed ones (exit 1 if any).",
        valueName: "path"))
    var manifest: String?

    package func validate() throws {
        if schemaPaths.isEmpty {
            throw ValidationError("Missing --schema: pass the schema's SDL file(s) or its introspection schema.json.")
        }
        if manifest != nil && operationGlobs.isEmpty {
            throw ValidationError("--manifest compares the operations with the manifest: pass them with --operations, e.g. '**/*.graphql'.")
        }
    }

    package func run() throws {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let schema: Schema
        do {
            schema = try SchemaLoader.load(schemaPaths, relativeTo: directory)
        } catch {
            Diagnostics.print(errors: error.errors, warnings: [])
            throw ExitCode.failure
        }
        guard !operationGlobs.isEmpty else { return }
        let check = OperationCheck(operationGlobs, relativeTo: directory, schema: schema, rules: strict ? .spec : .codeGeneration)
        Diagnostics.print(errors: check.errors, warnings: check.warnings)
        if !check.errors.isEmpty { throw ExitCode.failure }
        if let manifest { try compare(check, schema: schema, with: URL(fileURLWithPath: manifest, relativeTo: directory).standardizedFileURL) }
    }

    /// Reports how the operations' ids differ from the committed manifest at `url`.
    private func compare(_ check: OperationCheck, schema: Schema, with url: URL) throws {
        let committed: OperationManifest
        do {
            committed = try OperationManifest.decode(try Data(contentsOf: url))
        } catch let error as OperationManifestError {
            FileHandle.standardError.write(Data("error: \(url.path) is not a persisted-query manifest: \(error.description).\n".utf8))
            throw ExitCode.failure
        } catch {
            FileHandle.standardError.write(Data("error: cannot read the manifest \(url.path): \(error.localizedDescription)\n".utf8))
            throw ExitCode.failure
        }
        let current: OperationManifest
        do {
            current = try CodeGenerator.operationManifest(schema: schema, operations: check)
        } catch {
            Diagnostics.print(errors: error.errors, warnings: [])
            throw ExitCode.failure
        }
        let changes = current.changes(since: committed)
        guard !changes.isEmpty else {
            print("The ids of all \(current.operations.count) operations match \(url.path).")
            return
        }
        let sources = check.documents.compactMap(\.source)
        let manifestName = url.lastPathComponent
        var problems: [GraphQLError] = []
        for change in changes.changed {
            problems.append(GraphQLError(
                "\(change.current.type.capitalized) \"\(change.current.name)\" changed id since \(manifestName): \(change.previous.id) is now \(change.current.id).",
                nodes: [change.current.location], sources: sources))
        }
        for operation in changes.added {
            problems.append(GraphQLError(
                "\(operation.type.capitalized) \"\(operation.name)\" is not in \(manifestName) (new, id \(operation.id)).",
                nodes: [operation.location], sources: sources))
        }
        for operation in changes.removed {
            problems.append(GraphQLError("\(operation.type.capitalized) \"\(operation.name)\" of \(url.path) is no longer defined (id \(operation.id))."))
        }
        var text = problems.map { $0.formatted(severity: "warning") }.joined(separator: "\n") + "\n"
        text += "\(changes.changed.count) changed, \(changes.added.count) new, \(changes.removed.count) removed since \(url.path): "
        text += "regenerate the manifest (orion generate --operation-manifest) and publish it to the server's safelist before shipping this client.\n"
        FileHandle.standardError.write(Data(text.utf8))
        throw ExitCode.failure
    }
}
