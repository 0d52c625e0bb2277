import ArgumentParser
import OrionCommands

/// The `orion` command: GraphQL code generation and checks for Swift.
@main
struct Orion: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orion",
        abstract: "GraphQL for Swift: check schemas and operations, and generate typed Swift for them.",
        subcommands: [Init.self, Generate.self, Validate.self, FetchSchema.self, Docs.self])
}
