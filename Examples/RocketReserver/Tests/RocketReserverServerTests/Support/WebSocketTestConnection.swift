import Foundation
import Logging
import WSClient

/// A WebSocket client connection for the GraphQL WebSocket protocols: messages are sent and
/// received as JSON objects, every wait is bounded.
final class WebSocketTestConnection: Sendable {
    /// The text messages received so far, read in order, and the reader waiting for the next.
    private actor Inbox {
        private var messages: [String] = []
        private var nextIndex = 0
        private var ended = false
        private var waiter: (id: UUID, continuation: CheckedContinuation<String?, Never>)?

        func append(_ text: String) {
            messages.append(text)
            wake()
        }

        /// No more messages come: the connection ended.
        func end() {
            ended = true
            wake()
        }

        /// The next message, waiting for it; `nil` once the connection ended or the waiting task
        /// is cancelled.
        func next() async -> String? {
            let id = UUID()
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    waiter = (id, continuation)
                    wake()
                    if Task.isCancelled { stopWaiting(id) }
                }
            } onCancel: {
                Task { await self.stopWaiting(id) }
            }
        }

        private func stopWaiting(_ id: UUID) {
            guard let waiter, waiter.id == id else { return }
            self.waiter = nil
            waiter.continuation.resume(returning: nil)
        }

        private func wake() {
            guard let waiter, nextIndex < messages.count || ended else { return }
            self.waiter = nil
            if nextIndex < messages.count {
                nextIndex += 1
                waiter.continuation.resume(returning: messages[nextIndex - 1])
            } else {
                waiter.continuation.resume(returning: nil)
            }
        }
    }

    private let inbox = Inbox()
    private let outgoing: AsyncStream<String>.Continuation
    /// The client's run: ends with the close frame the server sent, if any.
    private let task: Task<UInt16?, any Error>

    /// Connects to `url` offering `subprotocol` in Sec-WebSocket-Protocol.
    init(url: String, subprotocol: String) {
        let (outgoingStream, outgoing) = AsyncStream<String>.makeStream()
        self.outgoing = outgoing
        let inbox = self.inbox
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders[.secWebSocketProtocol] = subprotocol
        configuration.maxFrameSize = 1 << 20
        let logger = Logger(label: "websocket-test")
        task = Task {
            let closeFrame: WebSocketCloseFrame?
            do {
                closeFrame = try await Self.connect(url: url, configuration: configuration, logger: logger, outgoing: outgoingStream, inbox: inbox)
                await inbox.end()
            } catch {
                await inbox.end()
                throw error
            }
            guard let code = closeFrame?.closeCode else { return nil }
            if case .unknown(let number) = code { return number }
            return switch code {
            case .normalClosure: 1000
            case .goingAway: 1001
            case .protocolError: 1002
            case .unacceptableData: 1003
            case .dataInconsistentWithMessage: 1007
            case .policyViolation: 1008
            case .messageTooLarge: 1009
            case .missingExtension: 1010
            case .unexpectedServerError: 1011
            default: 0
            }
        }
    }

    /// Runs the connection: sends what `outgoing` yields, puts received text in `inbox`; returns
    /// the server's close frame.
    private static func connect(
        url: String, configuration: WebSocketClientConfiguration, logger: Logger, outgoing: AsyncStream<String>, inbox: Inbox
    ) async throws -> WebSocketCloseFrame? {
        try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) { inbound, outbound, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await text in outgoing { try? await outbound.write(.text(text)) }
                    try? await outbound.close(.normalClosure, reason: nil)
                }
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    if case .text(let text) = message { await inbox.append(text) }
                }
                group.cancelAll()
            }
        }
    }

    func send(_ message: [String: Any]) throws {
        send(text: String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self))
    }

    func send(text: String) {
        outgoing.yield(text)
    }

    /// The next message, as a JSON object (skipping legacy keep-alives `ka` unless asked for).
    func next(timeout: Double = stepBound, skippingKeepAlive: Bool = true) async throws -> [String: Any] {
        let inbox = inbox
        while true {
            let text: String?
            do {
                text = try await withTimeout(timeout) { await inbox.next() }
            } catch is TimeoutError {
                throw TestFailure("No WebSocket message within \(timeout) s")
            }
            guard let text else { throw TestFailure("The connection ended before another WebSocket message") }
            guard let json = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
                throw TestFailure("Not a JSON object: \(text)")
            }
            if skippingKeepAlive, json["type"] as? String == "ka" { continue }
            return json
        }
    }

    /// Closes from the client side.
    func close() {
        outgoing.finish()
    }

    /// Waits for the connection to end and returns the server's close code.
    func closeCode(timeout: Double = stepBound) async throws -> UInt16? {
        let task = self.task
        return try await withTimeout(timeout) { try await task.value }
    }

    deinit {
        outgoing.finish()
        task.cancel()
    }
}
