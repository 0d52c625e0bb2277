import Foundation
import Observation
import RocketReserverApp
import RocketReserverServer

/// A RocketReserver server on a free port of 127.0.0.1 for one test, and the app's network
/// against it.
struct AppServer {
    let url: URL
    let server: RocketReserverServer
    private let task: Task<Void, any Error>

    static func start() async throws -> AppServer {
        let server = try RocketReserverServer(configuration: .init(host: "127.0.0.1", port: 0))
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(stepBound))
            continuation.finish()
        }
        defer { timeout.cancel() }
        for await port in ports {
            return AppServer(url: URL(string: "http://127.0.0.1:\(port)/graphql") ?? URL(fileURLWithPath: "/"), server: server, task: task)
        }
        task.cancel()
        throw AppTestFailure("the server did not start listening within \(stepBound) s")
    }

    func stop() {
        task.cancel()
    }
}

struct AppTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Whether `condition`, over observable view models, holds now or comes to hold: checked again
/// each time a property it reads changes. False if it still does not after `seconds`, a bound
/// for a test that fails, not a schedule.
@MainActor
func eventually(seconds: Double = stepBound, _ condition: () -> Bool) async throws -> Bool {
    let (changes, changed) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let bound = Task {
        try await Task.sleep(for: .seconds(seconds))
        changed.finish()
    }
    defer { bound.cancel() }
    var iterator = changes.makeAsyncIterator()
    while true {
        // Read under tracking: a change after this read wakes the wait below.
        if withObservationTracking(condition, onChange: { changed.yield() }) { return true }
        guard await iterator.next() != nil else { return condition() }
    }
}
