import ArgumentParser
import Foundation
import GraphQLLanguage
import OrionCodegen
import OrionCompiler

/// `orion generate`: typed Swift for a schema's operations, from orion.json or from options.
package struct Generate: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        abstract: "Generate Swift for the operations and fragments of .graphql files.",
        discussion: """
            Reads orion.json (or --config PATH), or, when --schema is given, the options alone. \
            Validates every operation (all problems are printed, compiler-style), then writes the \
            models: a Swift package (a Package.swift whose library is the namespace), a file tree \
            for an existing target (embedded), one API.swift (single-file), or one Swift file per \
            .graphql file and one for the schema (per-source-file, the build plugin's). Only changed files \
            are written, and generated files no longer produced are removed. With --operation-manifest \
            (or "operationManifest" in orion.json), also writes the persisted-query manifest of the \
            operations (Apollo's apollo-persisted-query-manifest format: id, name, type, body), for a \
            server to safelist; it is rewritten only when it changes.
            """)

    @Option(help: ArgumentHelp("The configuration file.", valueName: "path"))
    var config: String?

    @Option(name: .customLong("schema"), help: ArgumentHelp("A schema file (.graphqls, or schema.json). Repeatable. Replaces orion.json.", valueName: "path"))
    var schemaPaths: [String] = []

    @Option(name: .customLong("operations"), help: ArgumentHelp("A glob of operation files, e.g. 'Sources/**/*.graphql'. Repeatable.", valueName: "glob"))
    var operationGlobs: [String] = []

    @Option(help: ArgumentHelp("The schema namespace: the generated module's name, or the enum of schema types.", valueName: "name"))
    var namespace: String?

    @Option(help: ArgumentHelp("The output directory.", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("swift-package, embedded, single-file or per-source-file.", valueName: "type"))
    var moduleType: CodegenOptions.ModuleType = .swiftPackage

    @Option(name: .customLong("scalar"), help: ArgumentHelp("A custom scalar's Swift type, e.g. Long=Int64. Repeatable.", valueName: "Name=Type"))
    var scalars: [String] = []

    @Option(help: ArgumentHelp("public or internal.", valueName: "level"))
    var accessLevel: String = "public"

    @Option(help: ArgumentHelp("A local path to the Orion package for the generated Package.swift (default: its URL).", valueName: "path"))
    var orionPath: String?

    @Option(help: ArgumentHelp(
        "Also write the persisted-query manifest of the operations here (overrides \"operationManifest\" of orion.json).",
        valueName: "path"))
    var operationManifest: String?

    @Option(help: ArgumentHelp("Also generate test mocks, as a Swift package in this directory (replaces orion.json's testMocks.path).", valueName: "dir"))
    var mocksOutput: String?

    @Option(help: ArgumentHelp("The test mocks' module name (default: the namespace and Mocks).", valueName: "name"))
    var mocksModule: String?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Whether models are Hashable, as Apollo's are; without, they are only Equatable, and the module compiles faster (overrides \"hashableModels\" of orion.json)."))
    var hashableModels: Bool?

    package func validate() throws {
        if operationManifest?.isEmpty == true { throw ValidationError("--operation-manifest needs a path, e.g. persisted-queries.json.") }
        if mocksModule != nil, mocksOutput == nil { throw ValidationError("--mocks-module needs --mocks-output: the directory of the mocks' package.") }
        if schemaPaths.isEmpty {
            if !operationGlobs.isEmpty || namespace != nil || output != nil {
                throw ValidationError("--operations, --namespace and --output need --schema; or put them all in orion.json.")
            }
            return
        }
        if operationGlobs.isEmpty { throw ValidationError("Missing --operations: pass a glob of .graphql files, e.g. '**/*.graphql'.") }
        if namespace == nil { throw ValidationError("Missing --namespace: the name of the generated module, e.g. MyAPI.") }
        if output == nil { throw ValidationError("Missing --output: the directory to write to.") }
        for scalar in scalars where scalar.split(separator: "=").count != 2 {
            throw ValidationError("--scalar \(scalar): write Name=SwiftType, e.g. --scalar Long=Int64.")
        }
    }

    package func run() throws {
        let currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let (configuration, base) = try loadConfiguration(currentDirectory)
        let schema: Schema
        do {
            schema = try SchemaLoader.load(configuration.schema, relativeTo: base)
        } catch {
            Diagnostics.print(errors: error.errors, warnings: [])
            throw ExitCode.failure
        }
        // The check `orion validate` makes: every file's syntax error and the validation errors
        // of the files that parsed, all reported before anything is generated.
        let check = OperationCheck(configuration.operations, relativeTo: base, schema: schema, rules: .codeGeneration)
        guard check.errors.isEmpty else {
            Diagnostics.print(errors: check.errors, warnings: check.warnings)
            throw ExitCode.failure
        }
        let options = configuration.options(relativeTo: base)
        let files: [GeneratedFile]
        let mocks: [GeneratedFile]
        do {
            files = try CodeGenerator.generate(schema: schema, operations: check, options: options)
            mocks = try CodeGenerator.generateMocks(schema: schema, operations: check, options: options)
        } catch {
            Diagnostics.print(errors: error.errors, warnings: [])
            throw ExitCode.failure
        }
        try write(files, to: URL(fileURLWithPath: configuration.output.path, relativeTo: base).standardizedFileURL)
        if let mocksDirectory = configuration.testMocksDirectory(relativeTo: base) { try write(mocks, to: mocksDirectory) }
        if let manifestPath = operationManifest ?? configuration.operationManifest {
            // A path given on the command line is the user's, relative to where they are.
            let manifestBase = operationManifest != nil ? currentDirectory : base
            try writeManifest(schema: schema, operations: check, to: URL(fileURLWithPath: manifestPath, relativeTo: manifestBase).standardizedFileURL)
        }
    }

    private func write(_ files: [GeneratedFile], to directory: URL) throws {
        let summary: OutputWriter.Summary
        do {
            summary = try OutputWriter.write(files, to: directory)
        } catch {
            FileHandle.standardError.write(Data("error: cannot write to \(directory.path): \(error.localizedDescription)\n".utf8))
            throw ExitCode.failure
        }
        print("Generated \(files.count) files in \(directory.path): \(summary.written.count) written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed.")
    }

    /// Writes the operations' persisted-query manifest, unless the file already holds those bytes.
    private func writeManifest(schema: Schema, operations: OperationCheck, to url: URL) throws {
        let manifest: OperationManifest
        do {
            manifest = try CodeGenerator.operationManifest(schema: schema, operations: operations)
        } catch {
            Diagnostics.print(errors: error.errors, warnings: [])
            throw ExitCode.failure
        }
        let data = manifest.encoded()
        if (try? Data(contentsOf: url)) == data {
            print("Operation manifest \(url.path) unchanged (\(manifest.operations.count) operations).")
            return
        }
        try OutputFile.write(data, to: url, name: "the operation manifest \(url.path)")
        print("Wrote the operation manifest \(url.path) (\(manifest.operations.count) operations).")
    }

    /// The configuration from options, or from orion.json, and the directory its paths are
    /// relative to.
    private func loadConfiguration(_ currentDirectory: URL) throws -> (Configuration, URL) {
        if !schemaPaths.isEmpty, let namespace, let output {
            var scalarTypes: [String: String] = [:]
            for scalar in scalars {
                let parts = scalar.split(separator: "=", maxSplits: 1).map(String.init)
                scalarTypes[parts[0]] = parts[1]
            }
            let configuration = Configuration(
                schema: schemaPaths, operations: operationGlobs, namespace: namespace,
                output: .init(path: output, moduleType: moduleType), scalars: scalarTypes, accessLevel: accessLevel,
                orionPath: orionPath, testMocks: mocksOutput.map { Configuration.TestMocks(path: $0, moduleName: mocksModule) },
                hashableModels: hashableModels)
            let problems = configuration.problems()
            guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "\n")) }
            return (configuration, currentDirectory)
        }
        let url = URL(fileURLWithPath: config ?? "orion.json", relativeTo: currentDirectory).standardizedFileURL
        do throws(ConfigurationError) {
            var configuration = try Configuration.load(url)
            if let hashableModels { configuration.hashableModels = hashableModels }
            if let mocksOutput {
                // The option's path is the current directory's; the file's paths stay its own.
                let mocks = URL(fileURLWithPath: mocksOutput, relativeTo: currentDirectory).standardizedFileURL
                configuration.testMocks = Configuration.TestMocks(path: mocks.path, moduleName: mocksModule ?? configuration.testMocks?.moduleName)
                let problems = configuration.problems()
                guard problems.isEmpty else { throw ConfigurationError(problems.map { "\(url.path): \($0)" }.joined(separator: "\n")) }
            }
            return (configuration, url.deletingLastPathComponent())
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }
}

extension CodegenOptions.ModuleType: ExpressibleByArgument {}
