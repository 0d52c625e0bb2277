import Foundation
import RocketReserverServer

/// A RocketReserver server on 127.0.0.1 and a free port, with its own fresh database, for
/// one test.
final class TestServer: Sendable {
    let server: RocketReserverServer
    let port: Int
    private let task: Task<Void, any Error>

    private init(server: RocketReserverServer, port: Int, task: Task<Void, any Error>) {
        self.server = server
        self.port = port
        self.task = task
    }

    var graphQLURL: URL { URL(string: "http://127.0.0.1:\(port)/graphql") ?? URL(fileURLWithPath: "/") }
    var webSocketURL: String { "ws://127.0.0.1:\(port)/graphql" }
    var client: GraphQLTestClient { GraphQLTestClient(url: graphQLURL) }

    static func start(limits: ServerLimits = ServerLimits(), safelistPath: String? = nil) async throws -> TestServer {
        let server = try RocketReserverServer(configuration: .init(host: "127.0.0.1", port: 0, limits: limits, safelistPath: safelistPath))
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        let port = try await withTimeout(stepBound) {
            for await port in ports { return port }
            throw TestFailure("The server stopped before it listened.")
        }
        return TestServer(server: server, port: port, task: task)
    }

    /// Stops the server (bounded wait) and deletes its database directory.
    func stop() async {
        task.cancel()
        let task = self.task
        _ = try? await withTimeout(15) { _ = try? await task.value }
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: server.databasePath).deletingLastPathComponent())
    }
}

/// Runs `body` with a fresh server, stopping it afterwards whatever happens.
func withServer<T>(limits: ServerLimits = ServerLimits(), safelistPath: String? = nil, _ body: (TestServer) async throws -> T) async throws -> T {
    let server = try await TestServer.start(limits: limits, safelistPath: safelistPath)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
