import Foundation
import RocketReserverApp
import RocketReserverServer

/// A RocketReserver server on a free port of 127.0.0.1 for one test, and the app's network
/// against it.
struct AppServer {
    let url: URL
    private let task: Task<Void, any Error>

    static func start() async throws -> AppServer {
        let server = try RocketReserverServer(configuration: .init(host: "127.0.0.1", port: 0))
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(20))
            continuation.finish()
        }
        defer { timeout.cancel() }
        for await port in ports {
            return AppServer(url: URL(string: "http://127.0.0.1:\(port)/graphql") ?? URL(fileURLWithPath: "/"), task: task)
        }
        task.cancel()
        throw AppTestFailure("the server did not start listening within 20 s")
    }

    func stop() {
        task.cancel()
    }
}

struct AppTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Polls `condition` on the main actor for up to `seconds`.
@MainActor
func eventually(seconds: Double = 10, _ condition: () -> Bool) async throws -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}
