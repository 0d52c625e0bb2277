import ArgumentParser
import OrionCommands

/// The plugins' tool: the `orion` tool's commands but `docs`, the same commands.
///
/// Not `orion` itself, whose `docs --serve` links NIO: SwiftPM builds a plugin's tool for the
/// host, apart from the app's own modules, and every app using a plugin would compile NIO a
/// second time for it.
@main
struct OrionCodegenTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orion",
        abstract: "GraphQL for Swift: check schemas and operations, and generate typed Swift for them.",
        subcommands: [Init.self, Generate.self, Validate.self, FetchSchema.self])
}
