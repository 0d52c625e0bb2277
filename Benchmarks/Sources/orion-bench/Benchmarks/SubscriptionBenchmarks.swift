import Foundation
import Orion
import OrionWebSocket
import RocketReserverAPI

/// Subscriptions over WebSocket, end to end: 10,000 `tripsBooked` events from a local
/// `graphql-transport-ws` server (``ReplayWebSocketServer``, its messages encoded before any
/// timing) through `WebSocketTransport` and `OrionClient.subscribe` into typed
/// `TripsBookedSubscription.Data`, with the client's default cache policy (each result is also
/// written to its store, as in an app).
///
/// Each run is a fresh transport on a fresh connection, timed from the subscribe call until the
/// stream ends after the 10,000th result: opening the socket, `connection_init`/`connection_ack`
/// and closing it afterwards are in the time (a millisecond or so of it, next to the events).
///
/// Baseline: `JSONSerialization.jsonObject(with:)` on the same 10,000 messages, the bytes of each
/// text frame as sent, in turns with Orion's runs; the ratio is its time over Orion's (higher is
/// better).
let subscriptionBenchmarks = BenchmarkGroup(figures: [
    "subscription.ws.events_per_s", "subscription.ws.events_per_s.vs_jsonserialization",
]) { settings in
    let events = 10_000
    let results = (0..<events).map { Data(#"{"data":{"tripsBooked":\#($0)}}"#.utf8) }
    // A fresh transport numbers its first operation 1.
    let server = try ReplayWebSocketServer(operationID: "1", results: results)
    // A run takes a fifth of a second and spans several threads: more runs than the default
    // budget gives, for a minimum that other work on the machine disturbs less.
    let measured = Result {
        try settings.bestTimes(budget: 2, baseline: {
            for message in server.messages { blackHole(try JSONSerialization.jsonObject(with: message)) }
        }) { try runBlocking { try await receiveAll(events, from: server.url) } }
    }
    try server.shutDown()
    let (baseline, orion) = try measured.get()
    return [
        Figure(name: "subscription.ws.events_per_s", value: Double(events) / orion, unit: "events/s"),
        Figure(name: "subscription.ws.events_per_s.vs_jsonserialization", value: baseline / orion, unit: "x"),
    ]
}

/// One measured run: subscribes on a new transport and reads every result, checking each is the
/// next `tripsBooked` value, until the server completes the subscription.
private func receiveAll(_ events: Int, from url: URL) async throws -> Int {
    // A failure should end the run, not wait for a server that is gone.
    let transport = WebSocketTransport(url: url, reconnection: .never)
    let client = OrionClient(networkTransport: transport)
    var received = 0
    for try await result in client.subscribe(subscription: TripsBookedSubscription()) {
        guard result.data?.tripsBooked == received else {
            throw BenchmarkError(description: "event \(received): expected tripsBooked \(received), got \(String(describing: result.data?.tripsBooked))")
        }
        received += 1
    }
    await transport.pause()
    guard received == events else { throw BenchmarkError(description: "\(received) events of \(events) arrived") }
    return received
}
