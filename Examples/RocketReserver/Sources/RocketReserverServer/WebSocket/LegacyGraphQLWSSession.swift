import Foundation
import HummingbirdWebSocket

/// One connection speaking the legacy `graphql-ws` protocol (subscriptions-transport-ws):
/// connection_init/connection_ack, start, data, error, complete, stop, keep-alive `ka`, and
/// connection_terminate.
actor LegacyGraphQLWSSession {
    private let services: ServerServices
    private let outbound: WebSocketOutboundWriter
    private let headerToken: String?
    private let origin: String

    private var user: User?
    private var initialised = false
    private var operations: [String: (run: UUID, task: Task<Void, Never>)] = [:]
    private var keepAlive: Task<Void, Never>?
    private var closed = false

    init(services: ServerServices, outbound: WebSocketOutboundWriter, headerToken: String?, origin: String) {
        self.services = services
        self.outbound = outbound
        self.headerToken = headerToken
        self.origin = origin
    }

    /// Serves the connection until the client closes or terminates it, or breaks the protocol.
    func run(inbound: WebSocketInboundStream) async {
        let timeout = services.limits.connectionInitTimeout
        let initTimer = Task {
            try? await Task.sleep(for: timeout)
            await self.closeIfNotInitialised()
        }
        do {
            for try await message in inbound.messages(maxSize: services.limits.maxWebSocketMessageBytes) {
                guard case .text(let text) = message else {
                    await close(WebSocketCloseCode.badRequest, "Messages must be JSON text.")
                    break
                }
                await handle(text)
                if closed { break }
            }
        } catch {
            // The connection failed, or a message was too large: the handler closes it.
        }
        initTimer.cancel()
        stopEverything()
    }

    private func handle(_ text: String) async {
        guard let message = GraphQLWSMessage(text: text) else {
            return await close(WebSocketCloseCode.badRequest, "Invalid message received")
        }
        switch message.type {
        case "connection_init":
            guard !initialised else {
                return await close(WebSocketCloseCode.tooManyInitialisationRequests, "Too many initialisation requests")
            }
            if let token = GraphQLWSMessage.token(inInitPayload: message.payload) ?? headerToken {
                guard let known = await services.user(token: token) else {
                    await send(GraphQLWSMessage.encode(type: "connection_error", payloadJSON: "{\"message\":\"Unknown token\"}"))
                    return await close(WebSocketCloseCode.forbidden, "Forbidden")
                }
                user = known
            }
            initialised = true
            await send(GraphQLWSMessage.encode(type: "connection_ack"))
            await send(GraphQLWSMessage.encode(type: "ka"))
            startKeepAlive()
        case "start":
            guard initialised else {
                return await close(WebSocketCloseCode.unauthorized, "Unauthorized")
            }
            guard let id = message.id, !id.isEmpty, let json = message.payload,
                  let payload = try? GraphQLRequestPayload(json: json)
            else {
                return await close(WebSocketCloseCode.badRequest, "Invalid message received")
            }
            // As subscriptions-transport-ws does, a start with a running id replaces it.
            operations.removeValue(forKey: id)?.task.cancel()
            let run = UUID()
            let user = self.user
            operations[id] = (run, Task { await self.execute(id: id, run: run, payload: payload, user: user) })
        case "stop":
            guard let id = message.id else {
                return await close(WebSocketCloseCode.badRequest, "Invalid message received")
            }
            if let operation = operations.removeValue(forKey: id) {
                operation.task.cancel()
                await send(GraphQLWSMessage.encode(type: "complete", id: id))
            }
        case "connection_terminate":
            await close(1000, "Terminated")
        default:
            await close(WebSocketCloseCode.badRequest, "Invalid message received")
        }
    }

    private func execute(id: String, run: UUID, payload: GraphQLRequestPayload, user: User?) async {
        switch await WebSocketOperation.start(payload, services: services, user: user, origin: origin) {
        case .errors(let errors):
            await send(GraphQLWSMessage.encode(type: "error", id: id, payloadJSON: ResponseJSON.errors(errors)), for: id, run: run)
        case .single(let outcome):
            await send(GraphQLWSMessage.encode(type: "data", id: id, payloadJSON: ResponseJSON.response(outcome)), for: id, run: run)
            await send(GraphQLWSMessage.encode(type: "complete", id: id), for: id, run: run)
        case .stream(let events):
            do {
                for try await outcome in events {
                    guard isCurrent(id, run) else { break }
                    await send(GraphQLWSMessage.encode(type: "data", id: id, payloadJSON: ResponseJSON.response(outcome)), for: id, run: run)
                }
                await send(GraphQLWSMessage.encode(type: "complete", id: id), for: id, run: run)
            } catch {
                let failure = ResponseError(message: "The subscription failed: \(error)")
                await send(GraphQLWSMessage.encode(type: "error", id: id, payloadJSON: ResponseJSON.errors([failure])), for: id, run: run)
            }
        }
        if isCurrent(id, run) { operations[id] = nil }
    }

    private func startKeepAlive() {
        let interval = services.limits.heartbeatInterval
        keepAlive = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { break }
                await self.send(GraphQLWSMessage.encode(type: "ka"))
            }
        }
    }

    private func isCurrent(_ id: String, _ run: UUID) -> Bool {
        operations[id]?.run == run && !Task.isCancelled
    }

    private func send(_ text: String, for id: String, run: UUID) async {
        guard isCurrent(id, run) else { return }
        await send(text)
    }

    private func send(_ text: String) async {
        guard !closed else { return }
        try? await outbound.write(.text(text))
    }

    private func closeIfNotInitialised() async {
        guard !initialised, !closed else { return }
        await close(WebSocketCloseCode.initialisationTimeout, "Connection initialisation timeout")
    }

    private func stopEverything() {
        keepAlive?.cancel()
        for operation in operations.values { operation.task.cancel() }
        operations.removeAll()
    }

    private func close(_ code: UInt16, _ reason: String) async {
        guard !closed else { return }
        closed = true
        stopEverything()
        try? await outbound.close(.unknown(code), reason: reason)
    }
}
