import ArgumentParser
import Foundation
import RocketReserverServer

/// `rocket-reserver-server`: runs the RocketReserver GraphQL server until SIGINT or SIGTERM.
@main
struct RocketReserverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rocket-reserver-server",
        abstract: "Serves the RocketReserver (SpaceX launches) GraphQL API at /graphql.",
        discussion: """
            Without --safelist the server runs any valid operation, and supports automatic persisted \
            queries. With --safelist MANIFEST (a persisted-query manifest in Apollo's format, as \
            `orion generate --operation-manifest` writes it) it runs only the manifest's operations: \
            sent by id (extensions.persistedQuery.sha256Hash) over GET, POST or WebSocket, or as \
            their exact text. An unknown id is refused with PERSISTED_QUERY_NOT_IN_LIST (404), other \
            text with QUERY_NOT_IN_SAFELIST (403), as Apollo's router does.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 4000

    @Option(help: "The SQLite file for users and trips (default: a fresh file in a temporary directory).")
    var database: String?

    @Option(help: "Seconds a graphql-transport-ws client may take to send connection_init before the server closes with 4408.")
    var connectionInitTimeout = 10

    @Option(help: ArgumentHelp("A persisted-query manifest: run only its operations (safelisting).", valueName: "manifest.json"))
    var safelist: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard connectionInitTimeout > 0 else { throw ValidationError("--connection-init-timeout must be at least 1 second.") }
    }

    func run() async throws {
        let limits = ServerLimits(connectionInitTimeout: .seconds(connectionInitTimeout))
        let server: RocketReserverServer
        do {
            server = try RocketReserverServer(configuration: .init(host: host, port: port, databasePath: database, limits: limits, safelistPath: safelist))
        } catch let error as SafelistError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
        // After the address line, which scripts wait for as the first.
        let safelistLine = server.safelistedOperationCount.map { "Safelist: the \($0) operations of \(safelist ?? ""); every other operation is refused.\n" }
        let host = self.host
        try await server.run(handlingSignals: true) { port in
            let shownHost = host.contains(":") ? "[\(host)]" : host
            // Straight to the file descriptor, unbuffered: a script waiting for this line sees
            // it at once even when stdout is a pipe.
            FileHandle.standardOutput.write(Data(("RocketReserver server at http://\(shownHost):\(port)/graphql\n" + (safelistLine ?? "")).utf8))
        }
    }
}
