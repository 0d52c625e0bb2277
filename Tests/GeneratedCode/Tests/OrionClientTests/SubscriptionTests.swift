import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Orion
import OrionAPI
import OrionWebSocket
import RocketReserverAPI
import Testing

/// Subscriptions end to end: `tripsBooked` from the real RocketReserver server over WebSocket in
/// both subprotocols and over multipart HTTP, through a server crash, into the cache; a flood of
/// events from a scripted socket; the split transport.
@Suite struct SubscriptionTests {
    /// Reconnects quickly, and long enough to outlast a server restart.
    private static let patientReconnection = WebSocketTransport.ReconnectionPolicy(initialDelay: 0.05, maxDelay: 0.5, maxAttempts: 100)

    private static func webSocketURL(_ server: RocketReserverProcess) throws -> URL {
        var components = try #require(URLComponents(url: server.url, resolvingAgainstBaseURL: false))
        components.scheme = "ws"
        return try #require(components.url)
    }

    /// A client that books over HTTP (logged in as `email`) and subscribes over WebSocket.
    private static func client(
        _ server: RocketReserverProcess, protocol subprotocol: WebSocketTransport.SubprotocolChoice, email: String
    ) async throws -> (OrionClient, WebSocketTransport) {
        let store = OrionStore()
        let tokens = TokenStore()
        let http = RequestChainNetworkTransport(
            url: server.url, interceptorProvider: DefaultInterceptorProvider(prepending: [TokenAuthorization(tokens: tokens)]))
        let webSocket = WebSocketTransport(url: try webSocketURL(server), protocol: subprotocol, reconnection: patientReconnection)
        let client = OrionClient(networkTransport: SplitNetworkTransport(uploadingNetworkTransport: http, subscriptionNetworkTransport: webSocket), store: store)
        try await logIn(client, tokens: tokens, email: email)
        return (client, webSocket)
    }

    private static func logIn(_ client: OrionClient, tokens: TokenStore, email: String) async throws {
        let login = try await client.perform(mutation: LoginMutation(email: email))
        await tokens.set(try #require(login.data?.login?.token))
    }

    /// Books launch after launch until the subscription, which the server may not have started
    /// yet, reports one; returns the launches left. Events of bookings made before it started
    /// are lost, as subscriptions promise nothing before they start. (How long it waits for an
    /// event before it books again only paces the bookings: a late event is read below.)
    ///
    /// Then cancels the last booking: its event (-1) comes after those of every booking before
    /// it, so once it has come, none of these bookings' events is left to arrive.
    private static func bookUntilDelivered(
        _ client: OrionClient, _ recorder: StreamRecorder<GraphQLResult<TripsBookedSubscription.Data>>, launches: inout [String]
    ) async throws {
        for _ in 0..<40 {
            let launch = launches.removeFirst()
            let booked = try await client.perform(mutation: BookTripMutation(id: launch))
            #expect(booked.data?.bookTrips.success == true, "\(booked.errors ?? [])")
            if case .element(let result)? = try await recorder.next(timeout: 0.5) {
                #expect(result.data?.tripsBooked == 1)
                let cancelled = try await client.perform(mutation: CancelTripMutation(launchId: launch))
                #expect(cancelled.errors == nil)
                try await readThroughCancel(recorder)
                return
            }
        }
        throw StreamRecorder<Int>.Timeout(description: "no tripsBooked event after 40 bookings")
    }

    /// Reads events of bookings (1) up to that of a cancelled booking (-1).
    private static func readThroughCancel(_ recorder: StreamRecorder<GraphQLResult<TripsBookedSubscription.Data>>) async throws {
        while true {
            let change = try await recorder.nextElement().data?.tripsBooked
            if change == -1 { return }
            #expect(change == 1)
        }
    }

    /// After the first event: the rest arrive one for one, in order.
    private static func bookAndCancelExactly(
        _ client: OrionClient, _ recorder: StreamRecorder<GraphQLResult<TripsBookedSubscription.Data>>, launches: inout [String]
    ) async throws {
        let first = launches.removeFirst()
        let second = launches.removeFirst()
        _ = try await client.perform(mutation: BookTripMutation(id: first))
        _ = try await client.perform(mutation: BookTripMutation(id: second))
        _ = try await client.perform(mutation: CancelTripMutation(launchId: first))
        var changes: [Int?] = []
        for _ in 0..<3 { changes.append(try await recorder.nextElement().data?.tripsBooked) }
        #expect(changes == [1, 1, -1])
    }

    @Test(arguments: [WebSocketTransport.SubprotocolChoice.graphqlTransportWS, .graphqlWS])
    func bookingsOverHTTPArriveOverWebSocket(subprotocol: WebSocketTransport.SubprotocolChoice) async throws {
        let server = try await RocketReserverProcess()
        let (client, webSocket) = try await Self.client(server, protocol: subprotocol, email: "ws-\(subprotocol)@example.com")
        let recorder = StreamRecorder(client.subscribe(subscription: TripsBookedSubscription()))
        var launches = (1...110).map(String.init)
        try await Self.bookUntilDelivered(client, recorder, launches: &launches)
        try await Self.bookAndCancelExactly(client, recorder, launches: &launches)
        recorder.cancel()
        await webSocket.pause()
    }

    /// The transport reads with `receiveFrames`; a connection's `receive` must work as well, one
    /// frame at a time and then the end, for code that uses the connector on its own.
    @Test func thePlatformConnectionAlsoReceivesOneFrameAtATime() async throws {
        let server = try await RocketReserverProcess()
        let connection = try await PlatformWebSocketConnector().connect(
            url: try Self.webSocketURL(server), subprotocol: GraphQLTransportWSMessage.subprotocol, headers: [:])
        try await connection.send(text: GraphQLTransportWSMessage.connectionInit(payload: nil).encoded())
        let first = try await connection.receive()
        guard case .text(let ack) = first else {
            Issue.record("expected connection_ack, got \(first)")
            return
        }
        #expect(try GraphQLTransportWSMessage.decode(ack).type == "connection_ack")
        try await connection.send(text: GraphQLTransportWSMessage.ping(payload: nil).encoded())
        guard case .text(let pong) = try await connection.receive() else {
            Issue.record("expected pong")
            return
        }
        #expect(try GraphQLTransportWSMessage.decode(pong).type == "pong")
        await connection.close(code: .normalClosure)
        guard case .close = try await connection.receive() else {
            Issue.record("expected the end of the connection after close")
            return
        }
    }

    @Test func theSubscriptionOutlivesAServerCrash() async throws {
        var server = try await RocketReserverProcess()
        let port = try #require(server.url.port)
        let directory = server.databaseDirectory
        defer { try? FileManager.default.removeItem(at: directory) }
        let (client, webSocket) = try await Self.client(server, protocol: .graphqlTransportWS, email: "crash@example.com")
        let recorder = StreamRecorder(client.subscribe(subscription: TripsBookedSubscription()))
        var launches = (1...110).map(String.init)
        try await Self.bookUntilDelivered(client, recorder, launches: &launches)

        try await server.crash()
        server = try await RocketReserverProcess(port: port, databaseDirectory: directory)
        // Same port, same database (and so the same user): the client reconnects by itself.
        try await Self.bookUntilDelivered(client, recorder, launches: &launches)
        try await Self.bookAndCancelExactly(client, recorder, launches: &launches)
        #expect(recorder.unread.isEmpty, "no failure: the stream never ended")
        recorder.cancel()
        await webSocket.pause()
    }

    @Test func resultsAreWrittenToTheStoreUnlessIgnoringTheCacheCompletely() async throws {
        let server = try await RocketReserverProcess()
        let (client, webSocket) = try await Self.client(server, protocol: .graphqlTransportWS, email: "cache@example.com")
        let changedKeys = Locked<Set<String>>([])
        let storeSubscription = client.store.subscribe { fields in changedKeys.withLock { $0.formUnion(fields.map(\.description)) } }
        defer { client.store.unsubscribe(storeSubscription) }

        let recorder = StreamRecorder(client.subscribe(subscription: TripsBookedSubscription()))
        var launches = (1...110).map(String.init)
        try await Self.bookUntilDelivered(client, recorder, launches: &launches)
        let records = try client.store.cache.loadRecords(forKeys: [RootCacheKey.subscription])
        // The last event: that of the booking cancelled to end the wait.
        #expect(records[RootCacheKey.subscription]?.fields["tripsBooked"] == .value(.int(-1)))
        #expect(changedKeys.withLock { $0 }.contains { $0.hasPrefix(RootCacheKey.subscription) }, "watchers are told")
        recorder.cancel()

        try client.store.clear()
        let ignoring = StreamRecorder(client.subscribe(subscription: TripsBookedSubscription(), cachePolicy: .fetchIgnoringCacheCompletely))
        try await Self.bookUntilDelivered(client, ignoring, launches: &launches)
        #expect(try client.store.cache.loadRecords(forKeys: [RootCacheKey.subscription]).isEmpty)
        ignoring.cancel()
        await webSocket.pause()
    }

    @Test func theCallbackFormDeliversOnTheQueueAndStopsWhenCancelled() async throws {
        let server = try await RocketReserverProcess()
        let (client, webSocket) = try await Self.client(server, protocol: .graphqlTransportWS, email: "callback@example.com")
        let (results, continuation) = AsyncThrowingStream<GraphQLResult<TripsBookedSubscription.Data>, any Error>.makeStream()
        let queue = DispatchQueue(label: "subscription-tests")
        let cancellable = client.subscribe(subscription: TripsBookedSubscription(), queue: queue) { result in
            dispatchPrecondition(condition: .onQueue(queue))
            continuation.yield(with: result)
        }
        let recorder = StreamRecorder(results)
        var launches = (1...110).map(String.init)
        try await Self.bookUntilDelivered(client, recorder, launches: &launches)

        // A second subscription on the same queue, live once it too has reported a booking. The
        // first saw the same bookings, up to the cancelled one.
        let (liveResults, liveContinuation) = AsyncThrowingStream<GraphQLResult<TripsBookedSubscription.Data>, any Error>.makeStream()
        let live = client.subscribe(subscription: TripsBookedSubscription(), queue: queue) { liveContinuation.yield(with: $0) }
        let liveRecorder = StreamRecorder(liveResults)
        try await Self.bookUntilDelivered(client, liveRecorder, launches: &launches)
        try await Self.readThroughCancel(recorder)

        cancellable.cancel()
        _ = try await client.perform(mutation: BookTripMutation(id: launches.removeFirst()))
        // The live one reports the booking on the same queue; the cancelled one, told of the same
        // event, stays silent.
        #expect(try await liveRecorder.nextElement().data?.tripsBooked == 1)
        #expect(recorder.unread.isEmpty, "nothing after cancel")
        live.cancel()
        await webSocket.pause()
    }

    @Test func multipartHTTPSubscriptionAgainstTheServer() async throws {
        let server = try await RocketReserverProcess()
        let store = OrionStore()
        let tokens = TokenStore()
        let client = OrionClient(
            networkTransport: RequestChainNetworkTransport(
                url: server.url, interceptorProvider: DefaultInterceptorProvider(prepending: [TokenAuthorization(tokens: tokens)])),
            store: store)
        try await Self.logIn(client, tokens: tokens, email: "multipart@example.com")
        let recorder = StreamRecorder(client.subscribe(subscription: TripsBookedSubscription()))
        var launches = (1...110).map(String.init)
        try await Self.bookUntilDelivered(client, recorder, launches: &launches)
        try await Self.bookAndCancelExactly(client, recorder, launches: &launches)
        #expect(try store.cache.loadRecords(forKeys: [RootCacheKey.subscription])[RootCacheKey.subscription]?.fields["tripsBooked"] == .value(.int(-1)))
        recorder.cancel()
    }

    @Test func multipartRequestCarriesTheInterceptorsHeadersAndSkipsHeartbeats() async throws {
        let body = [
            "--graphql", "Content-Type: application/json", "", "{}",
            "--graphql", "Content-Type: application/json", "", #"{"payload":{"data":{"tripsBooked":2}}}"#,
            "--graphql", "Content-Type: application/json", "", "{}",
            "--graphql", "Content-Type: application/json", "", #"{"payload":{"data":{"tripsBooked":-1}}}"#,
            "--graphql--", "",
        ].joined(separator: "\r\n")
        let server = try FaultServer { _ in
            .respond(status: 200, body: body, contentType: #"multipart/mixed; boundary="graphql"; subscriptionSpec=1.0"#)
        }
        let tokens = TokenStore()
        await tokens.set("secret")
        let client = OrionClient(networkTransport: RequestChainNetworkTransport(
            url: server.url, interceptorProvider: DefaultInterceptorProvider(prepending: [TokenAuthorization(tokens: tokens)])))
        var changes: [Int?] = []
        for try await result in client.subscribe(subscription: TripsBookedSubscription()) { changes.append(result.data?.tripsBooked) }
        #expect(changes == [2, -1])
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["authorization"] == "Bearer secret")
        #expect(request.headers["accept"] == "multipart/mixed;subscriptionSpec=1.0,application/json")
        #expect(request.json?["query"] as? String == TripsBookedSubscription.operationDocument.text)
    }

    @Test func aMultipartStreamCutShortFails() async throws {
        let server = try FaultServer { _ in
            .respond(status: 200, body: "--graphql\r\nContent-Type: application/json\r\n\r\n{\"payload\":{\"data\":{\"tripsBooked\":1}}}\r\n--graphql\r\n",
                     contentType: #"multipart/mixed; boundary="graphql"; subscriptionSpec=1.0"#)
        }
        let recorder = StreamRecorder(OrionClient(url: server.url).subscribe(subscription: TripsBookedSubscription()))
        #expect(try await recorder.nextElement().data?.tripsBooked == 1)
        guard case .failed(let error)? = try await recorder.next(timeout: 60) else { throw StreamRecorder<Int>.Timeout(description: "expected a failure") }
        #expect(error is MultipartSubscriptionError)
    }

    @Test func tenThousandEventsArriveAllInOrderAndTheCacheKeepsTheLast() async throws {
        let connector = FloodConnector(events: 10_000)
        let store = OrionStore()
        let transport = WebSocketTransport(url: try #require(URL(string: "ws://127.0.0.1:1/graphql")), connector: connector)
        let client = OrionClient(networkTransport: transport, store: store)
        let values = Task {
            var values: [Int] = []
            for try await result in client.subscribe(subscription: TripsBookedSubscription()) { values.append(result.data?.tripsBooked ?? -1) }
            return values
        }
        let received = try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask { try await values.value }
            group.addTask {
                try await Task.sleep(nanoseconds: 60_000_000_000)
                values.cancel()
                throw StreamRecorder<Int>.Timeout(description: "the flood did not finish within 60 s")
            }
            defer { group.cancelAll() }
            return try await group.next() ?? []
        }
        #expect(received.count == 10_000)
        #expect(received == Array(0..<10_000), "none lost, none reordered")
        #expect(try store.cache.loadRecords(forKeys: [RootCacheKey.subscription])[RootCacheKey.subscription]?.fields["tripsBooked"] == .value(.int(9_999)))
    }

    @Test func aTransportWithoutSubscriptionsSaysSo() async throws {
        struct QueriesOnly: NetworkTransport {
            func send<Operation: GraphQLOperation>(_ operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
                throw CancellationError()
            }
        }
        let client = OrionClient(networkTransport: QueriesOnly())
        await #expect {
            for try await _ in client.subscribe(subscription: TripsBookedSubscription()) {}
        } throws: { error in
            guard case SubscriptionError.unsupportedTransport(let name)? = error as? SubscriptionError else { return false }
            return name.contains("QueriesOnly")
        }
    }

    @Test func theSplitTransportSendsEachKindItsWay() async throws {
        let server = try await RocketReserverProcess()
        let (client, webSocket) = try await Self.client(server, protocol: .graphqlTransportWS, email: "split@example.com")
        // Queries and mutations over HTTP, through the cache interceptors: the result is cached.
        let details = try await client.fetch(query: LaunchDetailsQuery(launchId: "3"))
        #expect(details.data?.launch?.id == "3")
        let cached = try await client.fetch(query: LaunchDetailsQuery(launchId: "3"), cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.source == .cache)
        await webSocket.pause()
    }
}

/// A scripted server socket: acknowledges, then answers a subscription with `events` results
/// (`tripsBooked` 0, 1, 2, …) and `complete`, as fast as the client reads.
private final class FloodConnector: WebSocketConnector {
    let events: Int

    init(events: Int) {
        self.events = events
    }

    func connect(url: URL, subprotocol: String, headers: [String: String]) async throws -> any WebSocketConnection {
        FloodConnection(events: events)
    }
}

private final class FloodConnection: WebSocketConnection {
    private let events: Int
    private let frames: AsyncStream<WebSocketFrame>
    private let continuation: AsyncStream<WebSocketFrame>.Continuation

    init(events: Int) {
        self.events = events
        (frames, continuation) = AsyncStream.makeStream()
    }

    func send(text: String) async throws {
        switch try GraphQLTransportWSMessage.decode(text) {
        case .connectionInit:
            continuation.yield(.text(GraphQLTransportWSMessage.connectionAck(payload: nil).encoded()))
        case .subscribe(let id, _):
            for value in 0..<events {
                continuation.yield(.text(GraphQLTransportWSMessage.next(id: id, payload: Data(#"{"data":{"tripsBooked":\#(value)}}"#.utf8)).encoded()))
            }
            continuation.yield(.text(GraphQLTransportWSMessage.complete(id: id).encoded()))
        default:
            break
        }
    }

    func receive() async throws -> WebSocketFrame {
        var iterator = frames.makeAsyncIterator()
        return await iterator.next() ?? .close(code: .abnormalClosure, reason: "")
    }

    func close(code: WebSocketCloseCode) async {
        continuation.yield(.close(code: code, reason: ""))
        continuation.finish()
    }
}
