import ArgumentParser
import Foundation
import RocketReserverApp

/// `rocket-reserver`: the tutorial app in a terminal, against a RocketReserver server.
@main
struct RocketReserverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rocket-reserver",
        abstract: "Book seats on SpaceX launches: the Orion tutorial app, in a terminal.",
        subcommands: [Interactive.self, TourCommand.self],
        defaultSubcommand: Interactive.self)
}

struct ServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The server's GraphQL endpoint.", valueName: "url"))
    var url = "http://127.0.0.1:4000/graphql"

    func endpoint() throws -> URL {
        guard let url = URL(string: url), url.scheme == "http" || url.scheme == "https" else {
            throw ValidationError("--url \(url): give the server's http URL, e.g. http://127.0.0.1:4000/graphql.")
        }
        return url
    }
}

/// Lines printed at once, even into a pipe.
func show(_ text: String) {
    FileHandle.standardOutput.write(Data((text.hasSuffix("> ") ? text : text + "\n").utf8))
}

struct Interactive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Type commands: list, next, details, login, book, cancel, quit.")

    @OptionGroup var server: ServerOptions

    @MainActor
    func run() async throws {
        let network = await RocketReserverNetwork(url: try server.endpoint())
        let lines = AsyncStream<String> { continuation in
            // readLine blocks: it runs on a thread of its own.
            Thread.detachNewThread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }
        }
        await InteractiveSession(network: network, print: show).run(lines: lines)
    }
}

struct TourCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tour", abstract: "Run the whole tutorial journey without input, printing each step.")

    @OptionGroup var server: ServerOptions

    @MainActor
    func run() async throws {
        let network = await RocketReserverNetwork(url: try server.endpoint())
        do {
            try await Tour(network: network, print: show).run()
        } catch {
            FileHandle.standardError.write(Data("error: the tour stopped: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
