import Foundation
import Orion
import OrionAPI
@testable import OrionWebSocket
import Testing

/// A failure of the test harness itself (a wait that timed out).
struct HarnessError: Error, CustomStringConvertible {
    var description: String
}

/// How long a wait for something that should happen may take before the test fails. Generous:
/// under the thread sanitizer, beside other suites on two busy cores, a step that takes a
/// millisecond alone has been seen to wait more than 5 s for a thread.
let harnessPatience: Double = 30

/// Runs `body`, failing after `seconds`: no wait in these tests can hang.
func withTimeout<Value: Sendable>(
    _ seconds: Double = harnessPatience, _ what: String = "the operation", _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            throw HarnessError(description: "\(what) did not happen within \(seconds) s")
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw HarnessError(description: "no result") }
        return value
    }
}

/// The server's end of a scripted socket: the test reads what the client sent and writes what
/// it receives.
final class FakeWebSocketConnection: WebSocketConnection {
    private let incoming: AsyncStream<WebSocketFrame>
    private let incomingContinuation: AsyncStream<WebSocketFrame>.Continuation
    private let sent: AsyncStream<String>
    private let sentContinuation: AsyncStream<String>.Continuation
    private let closeCode = Mutex<WebSocketCloseCode?>(nil)
    /// The client's close code, once: what `waitForClientClose` waits for.
    private let closes: AsyncStream<WebSocketCloseCode>
    private let closesContinuation: AsyncStream<WebSocketCloseCode>.Continuation
    let subprotocol: String
    let headers: [String: String]

    init(subprotocol: String, headers: [String: String]) {
        self.subprotocol = subprotocol
        self.headers = headers
        (incoming, incomingContinuation) = AsyncStream.makeStream()
        (sent, sentContinuation) = AsyncStream.makeStream()
        (closes, closesContinuation) = AsyncStream.makeStream()
    }

    // MARK: The client's side

    func send(text: String) async throws {
        guard closeCode.withLock({ $0 }) == nil else { throw HarnessError(description: "send after close") }
        sentContinuation.yield(text)
    }

    func receive() async throws -> WebSocketFrame {
        var iterator = incoming.makeAsyncIterator()
        return await iterator.next() ?? .close(code: .abnormalClosure, reason: "")
    }

    func close(code: WebSocketCloseCode) async {
        let first = closeCode.withLock { current -> Bool in
            guard current == nil else { return false }
            current = code
            return true
        }
        if first { closesContinuation.yield(code) }
        closesContinuation.finish()
        incomingContinuation.yield(.close(code: code, reason: ""))
        incomingContinuation.finish()
        sentContinuation.finish()
    }

    // MARK: The server's side

    /// The code the client closed with, if it did.
    var clientCloseCode: WebSocketCloseCode? { closeCode.withLock { $0 } }

    func serverSends(_ text: String) {
        incomingContinuation.yield(.text(text))
    }

    func serverSends(_ message: GraphQLTransportWSMessage) {
        serverSends(message.encoded())
    }

    func serverSendsLegacy(_ message: LegacyGraphQLWSMessage) {
        serverSends(message.encoded())
    }

    /// The server closes, or the network drops (1006).
    func serverCloses(_ code: WebSocketCloseCode, reason: String = "") {
        incomingContinuation.yield(.close(code: code, reason: reason))
        incomingContinuation.finish()
        sentContinuation.finish()
    }

    /// The next text the client sent; `nil` once the client closed.
    func nextSent(timeout: Double = harnessPatience) async throws -> String? {
        let sent = sent
        return try await withTimeout(timeout, "a message from the client") {
            var iterator = sent.makeAsyncIterator()
            return await iterator.next()
        }
    }

    func nextSentTransportWS(timeout: Double = harnessPatience) async throws -> GraphQLTransportWSMessage {
        guard let text = try await nextSent(timeout: timeout) else { throw HarnessError(description: "the client closed") }
        return try GraphQLTransportWSMessage.decode(text)
    }

    func nextSentLegacy(timeout: Double = harnessPatience) async throws -> LegacyGraphQLWSMessage {
        guard let text = try await nextSent(timeout: timeout) else { throw HarnessError(description: "the client closed") }
        return try LegacyGraphQLWSMessage.decode(text)
    }

    /// Waits for the client to close and returns its code.
    func waitForClientClose(timeout: Double = harnessPatience) async throws -> WebSocketCloseCode {
        let closes = closes
        return try await withTimeout(timeout, "the client's close") {
            var iterator = closes.makeAsyncIterator()
            guard let code = await iterator.next() else { throw HarnessError(description: "the close was already waited for") }
            return code
        }
    }
}

/// Hands out fake sockets, one per connect, and can refuse connects.
final class FakeConnector: WebSocketConnector {
    private let connections: AsyncStream<FakeWebSocketConnection>
    private let continuation: AsyncStream<FakeWebSocketConnection>.Continuation
    private let refusals = Mutex(0)
    private let refusal = Mutex(WebSocketTransportError.connectionFailed(reason: "refused by the test"))
    private let attempts = Mutex(0)

    init() {
        (connections, continuation) = AsyncStream.makeStream()
    }

    /// The next `count` connects fail with `error`.
    func refuse(next count: Int, with error: WebSocketTransportError = .connectionFailed(reason: "refused by the test")) {
        refusal.withLock { $0 = error }
        refusals.withLock { $0 = count }
    }

    var connectAttempts: Int { attempts.withLock { $0 } }

    func connect(url: URL, subprotocol: String, headers: [String: String]) async throws -> any WebSocketConnection {
        attempts.withLock { $0 += 1 }
        let refused = refusals.withLock { count -> Bool in
            guard count > 0 else { return false }
            count -= 1
            return true
        }
        if refused { throw refusal.withLock { $0 } }
        let connection = FakeWebSocketConnection(subprotocol: subprotocol, headers: headers)
        continuation.yield(connection)
        return connection
    }

    /// The next socket the transport opens.
    func nextConnection(timeout: Double = harnessPatience) async throws -> FakeWebSocketConnection {
        let connections = connections
        let connection = try await withTimeout(timeout, "a connect") {
            var iterator = connections.makeAsyncIterator()
            return await iterator.next()
        }
        guard let connection else { throw HarnessError(description: "no more connections") }
        return connection
    }
}
