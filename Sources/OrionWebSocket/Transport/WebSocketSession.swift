import Foundation
import Orion
import OrionAPI

/// What happens to one operation, as the session tells its subscriber.
enum OperationEvent: Sendable {
    /// A result: the GraphQL response object, indexed with its message.
    case next(ResponseObject)
    case failed(WebSocketTransportError)
    case completed
}

/// The one owner of a `WebSocketTransport`'s mutable state: the operations, the socket, and the
/// loop that opens it, reads it, and opens it again after a drop.
///
/// How it works:
/// A. The loop runs while there are operations and the session is not paused. It connects,
///    sends `connection_init`, and reads frames until the socket closes.
/// B. On `connection_ack`, every operation not yet started on this socket is started, in the
///    order of its id; an operation added later starts at once if the socket is acknowledged.
///    Each operation remembers the socket (by number) it was started on, so none starts twice.
/// C. When the socket closes, the close code decides: a code by which the server says the client
///    is at fault (4400, 4401, 4403, 4406) or a protocol violation fails every operation; so does
///    an upgrade refused with a client error (401, 403, 404, …: asking again gets the same
///    answer). Any other close (or a failed connect, a refusal with 408, 429 or 5xx, or no ack
///    in time) is retried with backoff, and when the policy gives up the operations fail with
///    the last error. A mutation already sent fails at once instead: the server may have run it,
///    and running it twice could do it twice.
///    Attempts are counted until a socket works (a result arrived on it, or it lasted the
///    policy's `maxDelay` after its ack), not merely until an ack: a server that acknowledges
///    and drops every time gets growing delays and, in the end, the operations' failure.
/// D. Pausing, and reconnecting for a new payload, close the socket on purpose: the loop sees
///    `closingOnPurpose` and neither counts nor reports it.
/// E. Once a socket is acknowledged, its `next` messages are delivered where the socket reads
///    them (`deliverDirectly`), without a hop onto the actor; every other message comes to the
///    actor. The connection keeps them in order (see `receiveFrames(offeringTextTo:_:)`), and
///    the operations are in a table under a lock, which both read: a result is never delivered
///    after its operation's end, nor the end before the result.
actor WebSocketSession {
    private struct Operation {
        let number: Int
        let payload: [String: JSONValue]
        /// Whether the operation may run again on a new socket: not a mutation, which the server
        /// may have executed before the socket dropped.
        let restartable: Bool
        let sink: @Sendable (OperationEvent) -> Void
        /// The number of the socket the operation was started on (B).
        var startedOn: Int?
    }

    private enum ConnectionOutcome {
        /// Closed on purpose (D).
        case stopped
        /// The operations cannot go on (C).
        case fatal(WebSocketTransportError)
        /// Worth another attempt (C); `worked` restarts the count of attempts.
        case dropped(WebSocketTransportError, worked: Bool)
    }

    private let url: URL
    private let codec: SubprotocolCodec
    private let headers: [String: String]
    private let reconnection: WebSocketTransport.ReconnectionPolicy
    private let ackTimeout: Double
    private let connector: any WebSocketConnector
    private let clock: any WebSocketClock

    /// What the socket's reader reads too, for a `next` message (E).
    private struct OperationTable {
        var operations: [String: Operation] = [:]
        /// The socket whose `next` messages are delivered where they are read: the current one,
        /// from its acknowledgement until the session stops reading it.
        var directSocket: Int?
        /// Whether a result (or the end) of an operation arrived on the current socket.
        var deliveredResult = false

        /// Hands `event` to operation `id`, if there is one, and removes it when `ending`;
        /// whether there was. Called under the lock, by the actor and by `deliverDirectly`: an
        /// operation's end comes after its results or before one is looked up, never between.
        mutating func deliver(_ event: OperationEvent, to id: String, ending: Bool) -> Bool {
            // Only the sink: copying the whole operation out would retain its payload too.
            guard let sink = operations[id]?.sink else { return false }
            if ending { operations[id] = nil }
            deliveredResult = true
            sink(event)
            return true
        }
    }

    private var connectingPayload: [String: JSONValue]?
    /// The one place the operations are; changed only by the actor.
    private let table = Mutex(OperationTable())
    private var loop: Task<Void, Never>?
    private var connection: (any WebSocketConnection)?
    private var connectionNumber = 0
    private var isAcknowledged = false
    private var ackTimedOut = false
    private var closingOnPurpose = false
    private var isPaused = false
    /// When the current socket was acknowledged, by `clock`.
    private var acknowledgedAt: Double?
    /// How the current socket ended, once a frame decided it.
    private var readOutcome: ConnectionOutcome?

    init(configuration: WebSocketTransport.Configuration) {
        url = configuration.url
        codec = SubprotocolCodec(choice: configuration.subprotocol)
        headers = configuration.headers
        reconnection = configuration.reconnection
        ackTimeout = configuration.connectionAckTimeout
        connector = configuration.connector
        clock = configuration.clock
        connectingPayload = configuration.connectingPayload
    }

    // MARK: Operations

    func start(
        id: String, number: Int, payload: [String: JSONValue], restartable: Bool, sink: @escaping @Sendable (OperationEvent) -> Void
    ) async {
        table.withLock { $0.operations[id] = Operation(number: number, payload: payload, restartable: restartable, sink: sink) }
        if let connection, isAcknowledged {
            await start(id: id, on: connection)
        } else {
            startLoopIfNeeded()
        }
    }

    /// The subscriber is gone: tells the server, when it knows of the operation.
    func stop(id: String) async {
        guard let operation = table.withLock({ $0.operations.removeValue(forKey: id) }) else { return }
        if let connection, isAcknowledged, operation.startedOn == connectionNumber {
            try? await connection.send(text: codec.stop(id: id))
        }
    }

    // MARK: Connection control

    func pause() async {
        isPaused = true
        // Also ends a backoff wait.
        loop?.cancel()
        await closeOnPurpose()
        await loop?.value
    }

    func resume() async {
        guard isPaused else { return }
        isPaused = false
        // A pause still closing its socket.
        await loop?.value
        startLoopIfNeeded()
    }

    func updateConnectingPayload(_ payload: [String: JSONValue]?, reconnect: Bool) async {
        connectingPayload = payload
        if reconnect { await closeOnPurpose() }
    }

    /// The transport is gone: close, and end every operation.
    func shutDown() async {
        await pause()
        failAll(nil)
    }

    private func closeOnPurpose() async {
        guard let connection else { return }
        closingOnPurpose = true
        stopDirectDelivery()
        if let terminate = codec.terminate { try? await connection.send(text: terminate) }
        await connection.close(code: .normalClosure)
    }

    // MARK: The loop (A)

    private var hasOperations: Bool {
        table.withLock { !$0.operations.isEmpty }
    }

    private func startLoopIfNeeded() {
        guard loop == nil, !isPaused, hasOperations else { return }
        loop = Task { await self.run() }
    }

    private func run() async {
        var failures = 0
        var lastError: WebSocketTransportError?
        while !isPaused, hasOperations, !Task.isCancelled {
            if failures > 0 {
                guard reconnection.allows(attempt: failures) else {
                    failAll(lastError)
                    break
                }
                try? await clock.sleep(seconds: reconnection.delay(beforeAttempt: failures, randomFraction: clock.randomFraction()))
                // Cancelled by `pause`.
                guard !isPaused, hasOperations, !Task.isCancelled else { break }
            }
            switch await connectAndRead() {
            case .stopped:
                failures = 0
            case .fatal(let error):
                failAll(error)
            case .dropped(let error, let worked):
                failures = worked ? 1 : failures + 1
                lastError = error
                failStarted(where: { !$0.restartable }, error)
            }
        }
        loop = nil
    }

    private func connectAndRead() async -> ConnectionOutcome {
        let connection: any WebSocketConnection
        do {
            connection = try await connector.connect(url: url, subprotocol: codec.choice.name, headers: headers)
        } catch {
            if isPaused || Task.isCancelled { return .stopped }
            let error = error as? WebSocketTransportError ?? .connectionFailed(reason: "\(error)")
            if case .upgradeRefused(let status, _, _) = error, (400..<500).contains(status), status != 408, status != 429 {
                return .fatal(error)
            }
            return .dropped(error, worked: false)
        }
        if isPaused || Task.isCancelled {
            await connection.close(code: .normalClosure)
            return .stopped
        }
        connectionNumber += 1
        let number = connectionNumber
        self.connection = connection
        isAcknowledged = false
        acknowledgedAt = nil
        table.withLock { $0.deliveredResult = false }
        ackTimedOut = false
        closingOnPurpose = false
        defer {
            if connectionNumber == number {
                self.connection = nil
                isAcknowledged = false
                stopDirectDelivery()
            }
        }
        do {
            try await connection.send(text: codec.connectionInit(payload: connectingPayload))
        } catch {
            await connection.close(code: .normalClosure)
            return closingOnPurpose ? .stopped : .dropped(.connectionFailed(reason: "\(error)"), worked: false)
        }
        let timeout = ackTimeout
        let watchdog = Task {
            try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            await self.ackDeadlinePassed(connection: number)
        }
        defer { watchdog.cancel() }
        readOutcome = nil
        await connection.receiveFrames(offeringTextTo: { text in self.deliverDirectly(text, socket: number) }) { frame in
            await self.received(frame, on: connection, number: number)
        }
        if let readOutcome { return readOutcome }
        // The frames ended without one that decides: the client closed the socket.
        if closingOnPurpose || isPaused { return .stopped }
        if ackTimedOut { return .dropped(.connectionAckTimeout(seconds: ackTimeout), worked: false) }
        return .dropped(.closed(code: .abnormalClosure, reason: "the connection ended"), worked: socketWorked)
    }

    /// Acts on a frame of the socket `number`; `false` once the socket's outcome is known.
    private func received(_ frame: WebSocketFrame, on connection: any WebSocketConnection, number: Int) async -> Bool {
        // A frame still on its way when the socket was given up.
        guard connectionNumber == number, readOutcome == nil else { return false }
        if closingOnPurpose || isPaused {
            readOutcome = .stopped
            return false
        }
        switch frame {
        case .close(let code, let reason):
            readOutcome = ackTimedOut
                ? .dropped(.connectionAckTimeout(seconds: ackTimeout), worked: false) : outcome(ofClose: code, reason: reason)
        case .text(let text):
            readOutcome = await handle(text, on: connection, number: number)
        }
        guard readOutcome == nil else {
            stopDirectDelivery()
            return false
        }
        return true
    }

    /// A `next` message of socket `socket`, delivered where it was read (E); `false` leaves the
    /// message to the actor: another kind of message, a socket not (or no longer) acknowledged,
    /// an operation the session does not know.
    private nonisolated func deliverDirectly(_ text: String, socket: Int) -> Bool {
        guard case .next(let id, let payload)? = try? codec.decode(text) else { return false }
        return table.withLock { table in table.directSocket == socket && table.deliver(.next(payload), to: id, ending: false) }
    }

    private func stopDirectDelivery() {
        table.withLock { $0.directSocket = nil }
    }

    private func ackDeadlinePassed(connection number: Int) async {
        guard connectionNumber == number, !isAcknowledged, let connection else { return }
        ackTimedOut = true
        await connection.close(code: .normalClosure)
    }

    /// (C)
    private func outcome(ofClose code: WebSocketCloseCode, reason: String) -> ConnectionOutcome {
        let error = WebSocketTransportError.closed(code: code, reason: reason)
        switch code {
        case .invalidMessage, .unauthorized, .forbidden, .subprotocolNotAcceptable:
            return .fatal(error)
        default:
            return .dropped(error, worked: socketWorked)
        }
    }

    /// Whether the current socket showed that the connection works (C).
    private var socketWorked: Bool {
        if table.withLock({ $0.deliveredResult }) { return true }
        guard let acknowledgedAt else { return false }
        return clock.now - acknowledgedAt >= reconnection.maxDelay
    }

    // MARK: Messages

    /// Acts on one message; an outcome when it ends the socket.
    private func handle(_ text: String, on connection: any WebSocketConnection, number: Int) async -> ConnectionOutcome? {
        let event: ServerEvent
        do {
            event = try codec.decode(text)
        } catch {
            await connection.close(code: codec.protocolErrorCloseCode)
            return .fatal(.protocolViolation(error))
        }
        switch event {
        case .connectionAck:
            guard !isAcknowledged else { return nil }
            isAcknowledged = true
            acknowledgedAt = clock.now
            table.withLock { $0.directSocket = number }
            await startAll(on: connection, number: number)
        case .connectionRejected(let payload):
            // After the ack, legacy servers use it for a message they could not read, and go on.
            guard !isAcknowledged else { return nil }
            await connection.close(code: .normalClosure)
            return .fatal(.connectionRejected(payload: payload))
        case .ping(let payload):
            try? await connection.send(text: codec.pong(payload: payload))
        case .keepAlive:
            break
        case .next(let id, let payload):
            // An id the client no longer knows: the server's answer crossed the client's stop.
            deliver(.next(payload), to: id, ending: false)
        case .error(let id, let errors):
            deliver(.failed(.operationFailed(errors: errors)), to: id, ending: true)
        case .complete(let id):
            deliver(.completed, to: id, ending: true)
        case .clientMessage(let type):
            await connection.close(code: codec.protocolErrorCloseCode)
            return .fatal(.unexpectedMessage(type: type))
        }
        return nil
    }

    /// (E)
    private func deliver(_ event: OperationEvent, to id: String, ending: Bool) {
        _ = table.withLock { $0.deliver(event, to: id, ending: ending) }
    }

    /// (B)
    private func startAll(on connection: any WebSocketConnection, number: Int) async {
        let pending = table.withLock { $0.operations.filter { $0.value.startedOn != number } }
            .sorted { $0.value.number < $1.value.number }.map(\.key)
        for id in pending {
            guard connectionNumber == number, isAcknowledged else { return }
            await start(id: id, on: connection)
        }
    }

    private func start(id: String, on connection: any WebSocketConnection) async {
        let number = connectionNumber
        let payload = table.withLock { table -> [String: JSONValue]? in
            guard var operation = table.operations[id], operation.startedOn != number else { return nil }
            operation.startedOn = number
            table.operations[id] = operation
            return operation.payload
        }
        guard let payload else { return }
        try? await connection.send(text: codec.start(id: id, payload: payload))
    }

    /// Ends the operations already sent that `shouldFail` picks.
    private func failStarted(where shouldFail: (Operation) -> Bool, _ error: WebSocketTransportError) {
        table.withLock { table in
            let ended = table.operations.filter { $0.value.startedOn != nil && shouldFail($0.value) }
            for (id, operation) in ended.sorted(by: { $0.value.number < $1.value.number }) {
                table.operations[id] = nil
                operation.sink(.failed(error))
            }
        }
    }

    /// Ends every operation: with `error`, or as cancelled when `nil`.
    private func failAll(_ error: WebSocketTransportError?) {
        table.withLock { table in
            let ended = table.operations.values.sorted { $0.number < $1.number }
            table.operations = [:]
            for operation in ended {
                operation.sink(error.map { .failed($0) } ?? .failed(.connectionFailed(reason: "the transport was shut down")))
            }
        }
    }
}
