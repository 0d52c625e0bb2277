import Foundation
import HummingbirdWebSocket

/// One connection speaking `graphql-transport-ws` (the graphql-ws library's protocol):
/// connection_init/connection_ack, subscribe, next, error, complete, ping/pong, and the
/// protocol's close codes for clients that break it.
actor GraphQLTransportWSSession {
    private let services: ServerServices
    private let outbound: WebSocketOutboundWriter
    /// A token from the upgrade request's Authorization header, used when connection_init
    /// carries none.
    private let headerToken: String?
    private let origin: String

    private enum State {
        case waitingForInit
        case acknowledged(User?)
    }

    private var state = State.waitingForInit
    /// Running operations by id; the UUID tells a finished operation's own entry from a
    /// later one that reused its id.
    private var operations: [String: (run: UUID, task: Task<Void, Never>)] = [:]
    private var closed = false

    init(services: ServerServices, outbound: WebSocketOutboundWriter, headerToken: String?, origin: String) {
        self.services = services
        self.outbound = outbound
        self.headerToken = headerToken
        self.origin = origin
    }

    /// Serves the connection until the client closes it or breaks the protocol.
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
        for operation in operations.values { operation.task.cancel() }
        operations.removeAll()
    }

    private func handle(_ text: String) async {
        guard let message = GraphQLWSMessage(text: text) else {
            return await close(WebSocketCloseCode.badRequest, "Invalid message received")
        }
        switch message.type {
        case "connection_init":
            guard case .waitingForInit = state else {
                return await close(WebSocketCloseCode.tooManyInitialisationRequests, "Too many initialisation requests")
            }
            var user: User?
            if let token = GraphQLWSMessage.token(inInitPayload: message.payload) ?? headerToken {
                guard let known = await services.user(token: token) else {
                    return await close(WebSocketCloseCode.forbidden, "Forbidden")
                }
                user = known
            }
            state = .acknowledged(user)
            await send(GraphQLWSMessage.encode(type: "connection_ack"))
        case "ping":
            await send(GraphQLWSMessage.encode(type: "pong"))
        case "pong":
            break
        case "subscribe":
            guard case .acknowledged(let user) = state else {
                return await close(WebSocketCloseCode.unauthorized, "Unauthorized")
            }
            guard let id = message.id, !id.isEmpty, let json = message.payload,
                  let payload = try? GraphQLRequestPayload(json: json)
            else {
                return await close(WebSocketCloseCode.badRequest, "Invalid message received")
            }
            guard operations[id] == nil else {
                return await close(WebSocketCloseCode.subscriberAlreadyExists, "Subscriber for \(id) already exists")
            }
            let run = UUID()
            operations[id] = (run, Task { await self.execute(id: id, run: run, payload: payload, user: user) })
        case "complete":
            guard let id = message.id else {
                return await close(WebSocketCloseCode.badRequest, "Invalid message received")
            }
            operations.removeValue(forKey: id)?.task.cancel()
        default:
            await close(WebSocketCloseCode.badRequest, "Invalid message received")
        }
    }

    private func execute(id: String, run: UUID, payload: GraphQLRequestPayload, user: User?) async {
        switch await WebSocketOperation.start(payload, services: services, user: user, origin: origin) {
        case .errors(let errors):
            await send(GraphQLWSMessage.encode(type: "error", id: id, payloadJSON: ResponseJSON.errors(errors)), for: id, run: run)
        case .single(let outcome):
            await send(GraphQLWSMessage.encode(type: "next", id: id, payloadJSON: ResponseJSON.response(outcome)), for: id, run: run)
            await send(GraphQLWSMessage.encode(type: "complete", id: id), for: id, run: run)
        case .stream(let events):
            do {
                for try await outcome in events {
                    guard isCurrent(id, run) else { break }
                    await send(GraphQLWSMessage.encode(type: "next", id: id, payloadJSON: ResponseJSON.response(outcome)), for: id, run: run)
                }
                await send(GraphQLWSMessage.encode(type: "complete", id: id), for: id, run: run)
            } catch {
                let failure = ResponseError(message: "The subscription failed: \(error)")
                await send(GraphQLWSMessage.encode(type: "error", id: id, payloadJSON: ResponseJSON.errors([failure])), for: id, run: run)
            }
        }
        if isCurrent(id, run) { operations[id] = nil }
    }

    private func isCurrent(_ id: String, _ run: UUID) -> Bool {
        operations[id]?.run == run && !Task.isCancelled
    }

    /// Sends a message of an operation, unless the client completed that operation.
    private func send(_ text: String, for id: String, run: UUID) async {
        guard isCurrent(id, run) else { return }
        await send(text)
    }

    private func send(_ text: String) async {
        guard !closed else { return }
        try? await outbound.write(.text(text))
    }

    private func closeIfNotInitialised() async {
        guard case .waitingForInit = state, !closed else { return }
        await close(WebSocketCloseCode.initialisationTimeout, "Connection initialisation timeout")
    }

    private func close(_ code: UInt16, _ reason: String) async {
        guard !closed else { return }
        closed = true
        for operation in operations.values { operation.task.cancel() }
        operations.removeAll()
        try? await outbound.close(.unknown(code), reason: reason)
    }
}
