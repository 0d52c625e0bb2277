import ArgumentParser
import Foundation
import RocketReserverServer

/// `rocket-reserver-server`: runs the RocketReserver GraphQL server until SIGINT or SIGTERM.
@main
struct RocketReserverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rocket-reserver-server",
        abstract: "Serves the RocketReserver (SpaceX launches) GraphQL API at /graphql."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 4000

    @Option(help: "The SQLite file for users and trips (default: a fresh file in a temporary directory).")
    var database: String?

    @Option(help: "Seconds a graphql-transport-ws client may take to send connection_init before the server closes with 4408.")
    var connectionInitTimeout = 10

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard connectionInitTimeout > 0 else { throw ValidationError("--connection-init-timeout must be at least 1 second.") }
    }

    func run() async throws {
        let limits = ServerLimits(connectionInitTimeout: .seconds(connectionInitTimeout))
        let server = try RocketReserverServer(configuration: .init(host: host, port: port, databasePath: database, limits: limits))
        let host = self.host
        try await server.run(handlingSignals: true) { port in
            let shownHost = host.contains(":") ? "[\(host)]" : host
            // Straight to the file descriptor, unbuffered: a script waiting for this line sees
            // it at once even when stdout is a pipe.
            FileHandle.standardOutput.write(Data("RocketReserver server at http://\(shownHost):\(port)/graphql\n".utf8))
        }
    }
}
