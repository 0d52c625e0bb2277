import Foundation
import PackagePlugin

/// Compiles a target's GraphQL to Swift on every build: its `.graphql` files are the operations,
/// its `.graphqls` files (or one `schema.json`) the schema, and the generated Swift (a file per
/// `.graphql` file and one for the schema) is compiled into the target. Invalid operations fail the build with their file, line and column.
///
/// An optional `orion-plugin.json` in the target sets the namespace (default: the target's
/// name + `API`), custom scalars, the access level (default `internal`) and whether models are
/// `Hashable` (`"hashableModels": false` makes them `Equatable` only):
/// `{"namespace": "RocketReserverAPI", "scalars": {"Upload": "String"}, "accessLevel": "public"}`.
/// Cache keys come from `@typePolicy(keyFields:)` in a `.graphqls` extension of the schema.
@main
struct OrionBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        let operations = files.filter { $0.pathExtension == "graphql" }
        let schema = files.filter { $0.pathExtension == "graphqls" || $0.lastPathComponent == "schema.json" }
        guard !operations.isEmpty || !schema.isEmpty else { return [] }
        guard !schema.isEmpty else {
            throw PluginError("\(target.name) has .graphql files but no schema: add the schema as a .graphqls file (or schema.json) to the target.")
        }
        guard !operations.isEmpty else {
            throw PluginError("\(target.name) has a schema but no .graphql operations: add some, or remove the schema from the target.")
        }
        let settingsFile = files.first { $0.lastPathComponent == "orion-plugin.json" }
        let settings = try settingsFile.map(PluginSettings.load) ?? PluginSettings()
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")

        var arguments = ["generate"]
        for file in schema { arguments += ["--schema", file.path] }
        for file in operations.sorted(by: { $0.path < $1.path }) { arguments += ["--operations", file.path] }
        let namespace = settings.namespace ?? target.name + "API"
        arguments += ["--namespace", namespace, "--output", output.path, "--module-type", "per-source-file"]
        arguments += ["--access-level", settings.accessLevel ?? "internal"]
        for (name, type) in (settings.scalars ?? [:]).sorted(by: { $0.key < $1.key }) { arguments += ["--scalar", "\(name)=\(type)"] }
        if settings.hashableModels == false { arguments.append("--no-hashable-models") }

        return [.buildCommand(
            displayName: "Generating Swift for the GraphQL of \(target.name)",
            executable: try context.tool(named: "orion-codegen").url,
            arguments: arguments,
            inputFiles: schema + operations + (settingsFile.map { [$0] } ?? []),
            // One Swift file per .graphql file, named as `orion generate --module-type
            // per-source-file` names it (OutputLayout.perSourceFileName), and one for the schema
            // (its configuration in it with its defaults: a target built by the plugin sets cache
            // keys with `@typePolicy` in a schema extension file). orion rewrites only the files
            // whose text changed, so a build after editing one operation file recompiles one
            // file, and a build with no change runs neither orion nor the compiler.
            outputFiles: operations.map { output.appendingPathComponent($0.lastPathComponent + ".swift") }
                + [output.appendingPathComponent(namespace + "Schema.swift")]
        )]
    }
}

/// `orion-plugin.json`: what the build plugin cannot infer from the target.
struct PluginSettings: Decodable {
    var namespace: String?
    var scalars: [String: String]?
    var accessLevel: String?
    /// `false`: models are `Equatable` only, and compile faster (`orion generate --no-hashable-models`).
    var hashableModels: Bool?
    /// Read only to refuse it: a build's work directory is no place for a manifest to publish.
    var operationManifest: String?

    static func load(_ url: URL) throws -> PluginSettings {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw PluginError("Cannot read \(url.path).") }
        let settings: PluginSettings
        do {
            settings = try JSONDecoder().decode(PluginSettings.self, from: data)
        } catch {
            throw PluginError("\(url.path) is not valid: \(error). Expected {\"namespace\": \"MyAPI\", \"scalars\": {\"Long\": \"Int64\"}, \"accessLevel\": \"internal\"}.")
        }
        if settings.operationManifest != nil {
            throw PluginError(
                "\(url.path): the build plugin does not write operation manifests. Put \"operationManifest\" in an orion.json and run "
                    + "`swift package --allow-writing-to-package-directory orion generate`, or run `orion generate --operation-manifest PATH`.")
        }
        return settings
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
