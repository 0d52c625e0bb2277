import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import InteropAPI
import Orion
import OrionAPI
import OrionWebSocket
import Testing

/// Orion against a GraphQL server of another stack (strawberry-graphql on uvicorn,
/// `Tests/Interop/server.py`): queries over POST and GET, a mutation that needs an
/// `Authorization` header, automatic persisted queries over POST and GET, uploads of one file and
/// of a list, subscriptions over both WebSocket subprotocols and HTTP multipart (with an erroring
/// and a malformed event between good ones), the five cache policies, and a watcher updated by a
/// mutation's result. Each test has a server of its own.
@Suite struct InteropTests {
    static let token = "Bearer interop-token"

    private static func http(_ server: StrawberryServer, get: Bool = false, authorized: Bool = false) -> RequestChainNetworkTransport {
        RequestChainNetworkTransport(
            url: server.httpURL, additionalHeaders: authorized ? ["Authorization": token] : [:], useGETForQueries: get)
    }

    private static func webSocket(
        _ server: StrawberryServer, _ subprotocol: WebSocketTransport.SubprotocolChoice, headers: [String: String] = [:]
    ) -> WebSocketTransport {
        WebSocketTransport(configuration: .init(url: server.webSocketURL, subprotocol: subprotocol, headers: headers, reconnection: .never))
    }

    /// How a subscription reaches the server.
    enum Route: CaseIterable, Sendable {
        case graphqlTransportWS, graphqlWS, httpMultipart
    }

    private static func subscribingClient(_ server: StrawberryServer, _ route: Route) -> OrionClient {
        switch route {
        case .graphqlTransportWS, .graphqlWS:
            OrionClient(networkTransport: SplitNetworkTransport(
                uploadingNetworkTransport: http(server),
                subscriptionNetworkTransport: webSocket(server, route == .graphqlWS ? .graphqlWS : .graphqlTransportWS)))
        case .httpMultipart:
            OrionClient(networkTransport: http(server))
        }
    }

    // MARK: Queries and mutations

    @Test(arguments: [false, true])
    func aQueryWithArguments(overGET get: Bool) async throws {
        let server = try StrawberryServer()
        let client = OrionClient(networkTransport: Self.http(server, get: get))
        let greeting = try await withTimeout { try await client.fetch(query: GreetingQuery(name: "Orion", excited: true)) }
        #expect(greeting.data?.greeting == "Hello, Orion!")
        #expect(greeting.errors == nil)
        let book = try await withTimeout { try await client.fetch(query: BookQuery(id: "b2"), cachePolicy: .fetchIgnoringCacheData) }
        #expect(book.data?.book?.title == "The Left Hand of Darkness")
        #expect(book.data?.book?.author.name == "Ursula K. Le Guin")
        let none = try await withTimeout { try await client.fetch(query: BookQuery(id: "nope"), cachePolicy: .fetchIgnoringCacheData) }
        #expect(none.data != nil && none.data?.book == nil, "a null field is data, not an error")
    }

    @Test func aMutationNeedsTheAuthorizationHeader() async throws {
        let server = try StrawberryServer()
        let anonymous = OrionClient(networkTransport: Self.http(server))
        let refused = try await withTimeout { try await anonymous.perform(mutation: RenameBookMutation(id: "b1", title: "Anarres")) }
        #expect(refused.data == nil)
        #expect(refused.errors?.first?.message.contains("Unauthorized") == true)
        #expect(refused.errors?.first?.path == [.key("renameBook")])

        let authorized = OrionClient(networkTransport: Self.http(server, authorized: true))
        let renamed = try await withTimeout { try await authorized.perform(mutation: RenameBookMutation(id: "b1", title: "Anarres")) }
        #expect(renamed.data?.renameBook.title == "Anarres")
        #expect(renamed.errors == nil)
    }

    @Test(arguments: [false, true])
    func automaticPersistedQueries(overGET get: Bool) async throws {
        let server = try StrawberryServer()
        let client = OrionClient(networkTransport: RequestChainNetworkTransport(
            url: server.httpURL, interceptorProvider: DefaultInterceptorProvider(autoPersistQueries: true, useGETForHashedQueries: get)))
        let query = GreetingQuery(name: "hash", excited: false)
        for _ in 0..<2 {
            let greeting = try await withTimeout { try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheCompletely) }
            #expect(greeting.data?.greeting == "Hello, hash.")
        }
        let log = try await withTimeout {
            try await OrionClient(networkTransport: Self.http(server)).fetch(query: PersistedQueryLogQuery(), cachePolicy: .fetchIgnoringCacheCompletely)
        }
        // The server checks that the hash is the SHA-256 of the document sent with it.
        let hash = GreetingQuery.operationDocument.identifier
        let method = get ? "GET" : "POST"
        // The hash alone may go as GET; the retry with the document is a POST, as Apollo's clients send it.
        #expect(log.data?.persistedQueryLog == ["miss \(method) \(hash)", "register POST \(hash)", "hit \(method) \(hash)"])
    }

    // MARK: Uploads

    @Test func uploadsOneFileAndAList() async throws {
        let server = try StrawberryServer()
        let client = OrionClient(networkTransport: Self.http(server))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orion-interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Bytes that are not text, and a name that needs quoting in a multipart header.
        let contents = [Data((0..<256).map { UInt8($0) }), Data("second file\r\n--boundary-like line\r\n".utf8)]
        let files = [folder.appendingPathComponent("bytes \"0\".bin"), folder.appendingPathComponent("notes.txt")]
        for (data, url) in zip(contents, files) { try data.write(to: url) }

        let one = try await withTimeout {
            try await client.upload(operation: UploadFileMutation(file: "file"), files: [
                GraphQLFile(variablePath: "file", fileURL: files[0], mimeType: "application/x-test"),
            ])
        }
        #expect(one.errors == nil)
        // A quote in a file name goes as %22, as browsers send it (the HTML standard's
        // multipart/form-data encoding); the server reads the name as it came.
        #expect(one.data?.upload.name == "bytes %220%22.bin")
        #expect(one.data?.upload.contentType == "application/x-test")
        #expect(one.data?.upload.size == 256)
        #expect(one.data.flatMap { Data(base64Encoded: $0.upload.base64) } == contents[0])

        let many = try await withTimeout {
            try await client.upload(operation: UploadFilesMutation(files: ["a", "b"]), files: [
                GraphQLFile(variablePath: "files.0", fileURL: files[0]),
                GraphQLFile(variablePath: "files.1", fileURL: files[1]),
            ])
        }
        #expect(many.errors == nil)
        #expect(many.data?.uploadMany.map(\.name) == ["bytes %220%22.bin", "notes.txt"])
        #expect(many.data?.uploadMany.map { Data(base64Encoded: $0.base64) } == contents)
    }

    // MARK: Subscriptions, over both WebSocket subprotocols and HTTP multipart

    @Test(arguments: Route.allCases)
    func aSubscriptionDeliversEveryEventAndEnds(route: Route) async throws {
        let server = try StrawberryServer()
        let client = Self.subscribingClient(server, route)
        let (results, error) = try await collect(client.subscribe(subscription: CountSubscription(to: 5)))
        #expect(error == nil)
        #expect(results.map { $0.data?.count } == [1, 2, 3, 4, 5])
    }

    @Test(arguments: Route.allCases)
    func anErroringEventBetweenGoodOnes(route: Route) async throws {
        let server = try StrawberryServer()
        let client = Self.subscribingClient(server, route)
        let (results, error) = try await collect(client.subscribe(subscription: CountWithErrorSubscription(to: 3, failing: 2)))
        #expect(error == nil)
        #expect(results.map { $0.data?.countWithError } == [1, nil, 3])
        #expect(results.map { $0.errors?.map(\.message) } == [nil, ["2 failed"], nil])
        #expect(results[safe: 1]?.errors?.first?.path == [.key("countWithError")])
    }

    @Test(arguments: Route.allCases)
    func aMalformedEventBetweenGoodOnes(route: Route) async throws {
        let server = try StrawberryServer()
        let client = Self.subscribingClient(server, route)
        let (results, error) = try await collect(client.subscribe(subscription: CountMalformedSubscription(to: 3, malformed: 2)))
        #expect(error == nil, "one bad event does not end the subscription")
        #expect(results.map { $0.data?.countMalformed } == [1, nil, 3])
        let malformed = try #require(results[safe: 1]?.errors?.first)
        #expect(malformed.isMalformedEvent)
        #expect(malformed.path == [.key("countMalformed")])
    }

    @Test(arguments: [Route.graphqlTransportWS, .graphqlWS])
    func theUpgradeCarriesOneOriginOfTheServersOwnHostAndPort(route: Route) async throws {
        let server = try StrawberryServer()
        let client = Self.subscribingClient(server, route)
        let (results, error) = try await collect(client.subscribe(subscription: UpgradeHeaderSubscription(name: "origin")))
        #expect(error == nil, "the upgrade was accepted as same-origin")
        #if os(Linux)
        #expect(results.map { $0.data?.upgradeHeader } == [server.origin], "one Origin, with the port")
        #else
        // URLSession on Apple platforms may send an Origin of its own: one, accepted, is enough.
        #expect(results.count == 1)
        #endif
    }

    @Test func anUpgradeTheServerRefusesFailsAtOnceWithItsStatus() async throws {
        let server = try StrawberryServer()
        // A page of another site: strawberry's guard against cross-site WebSocket hijacking refuses it.
        let transport = WebSocketTransport(configuration: .init(
            url: server.webSocketURL, headers: ["Origin": "https://elsewhere.example"],
            reconnection: .init(initialDelay: 60, maxDelay: 60, maxAttempts: 10)))
        let client = OrionClient(networkTransport: SplitNetworkTransport(
            uploadingNetworkTransport: Self.http(server), subscriptionNetworkTransport: transport))
        let (results, error) = try await collect(client.subscribe(subscription: CountSubscription(to: 1)))
        #expect(results.isEmpty)
        guard case .upgradeRefused(let status, _, _)? = error as? WebSocketTransportError else {
            Issue.record("expected a refused upgrade, got \(String(describing: error))")
            return
        }
        #expect(status == 403)
    }

    @Test(arguments: [WebSocketTransport.SubprotocolChoice.graphqlTransportWS, .graphqlWS])
    func queriesAndMutationsOverTheWebSocket(subprotocol: WebSocketTransport.SubprotocolChoice) async throws {
        let server = try StrawberryServer()
        let transport = Self.webSocket(server, subprotocol, headers: ["Authorization": Self.token])
        guard subprotocol == .graphqlTransportWS else {
            // Strawberry runs only subscriptions over the legacy protocol and answers a query's
            // `start` with `error` "queries are not allowed", where subscriptions-transport-ws's
            // protocol (GQL_START: "execute GraphQL operation") runs any operation. The client
            // reports the server's error and ends the operation; it does not hang.
            await #expect {
                try await withTimeout { try await transport.send(GreetingQuery(name: "socket", excited: false), files: []) }
            } throws: { error in
                guard case .operationFailed(let errors)? = error as? WebSocketTransportError else { return false }
                return errors.map(\.message) == ["queries are not allowed"]
            }
            return
        }
        let greeting = try await withTimeout { try await transport.send(GreetingQuery(name: "socket", excited: false), files: []) }
        #expect(greeting.data?.greeting == "Hello, socket.")
        let renamed = try await withTimeout { try await transport.send(RenameBookMutation(id: "b2", title: "Gethen"), files: []) }
        #expect(renamed.data?.renameBook.title == "Gethen", "the upgrade request's Authorization reached the resolver")
    }

    // MARK: The cache

    @Test func theFiveCachePolicies() async throws {
        let server = try StrawberryServer()
        let client = OrionClient(networkTransport: Self.http(server, authorized: true))
        let query = BookQuery(id: "b1")

        await #expect(throws: (any Error).self, "a miss with returnCacheDataDontFetch is an error") {
            try await withTimeout { try await client.fetch(query: query, cachePolicy: .returnCacheDataDontFetch) }
        }
        let completely = try await withTimeout { try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheCompletely) }
        #expect(completely.source == .server)
        await #expect(throws: (any Error).self, "fetchIgnoringCacheCompletely does not write the cache") {
            try await withTimeout { try await client.fetch(query: query, cachePolicy: .returnCacheDataDontFetch) }
        }

        let fetched = try await withTimeout { try await client.fetch(query: query, cachePolicy: .returnCacheDataElseFetch) }
        #expect(fetched.source == .server)
        let cached = try await withTimeout { try await client.fetch(query: query, cachePolicy: .returnCacheDataElseFetch) }
        #expect(cached.source == .cache)
        #expect(cached.data == fetched.data)
        let dontFetch = try await withTimeout { try await client.fetch(query: query, cachePolicy: .returnCacheDataDontFetch) }
        #expect(dontFetch.source == .cache)

        // The server's data changes behind the cache's back (a rename whose result is not read).
        _ = try await withTimeout {
            try await RequestChainNetworkTransport(url: server.httpURL, additionalHeaders: ["Authorization": Self.token])
                .send(RenameBookMutation(id: "b1", title: "Urras"), files: [])
        }
        let ignoring = try await withTimeout { try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData) }
        #expect(ignoring.source == .server)
        #expect(ignoring.data?.book?.title == "Urras")

        _ = try await withTimeout {
            try await RequestChainNetworkTransport(url: server.httpURL, additionalHeaders: ["Authorization": Self.token])
                .send(RenameBookMutation(id: "b1", title: "Anarres"), files: [])
        }
        let both = try await collect(client.fetchResults(query: query, cachePolicy: .returnCacheDataAndFetch))
        #expect(both.error == nil)
        #expect(both.elements.map(\.source) == [.cache, .server])
        #expect(both.elements.map { $0.data?.book?.title } == ["Urras", "Anarres"])
    }

    @Test func aWatcherIsUpdatedByAMutationsResult() async throws {
        let server = try StrawberryServer()
        let client = OrionClient(networkTransport: Self.http(server, authorized: true))
        let watcher = Watched(client.watch(query: BookQuery(id: "b1")))
        #expect(try await watcher.next()?.data?.book?.title == "The Dispossessed")
        let renamed = try await withTimeout { try await client.perform(mutation: RenameBookMutation(id: "b1", title: "Anarres")) }
        #expect(renamed.data?.renameBook.title == "Anarres")
        let updated = try await watcher.next()
        #expect(updated?.data?.book?.title == "Anarres")
        #expect(updated?.source == .cache, "from the store the mutation's result was written to")
    }
}

/// A watcher's stream, read one result at a time with a bound on each wait.
private final class Watched<Element: Sendable>: Sendable {
    private let results: AsyncStream<Result<Element, any Error>>
    private let reader: Task<Void, Never>

    init(_ stream: AsyncThrowingStream<Element, any Error>) {
        let (results, continuation) = AsyncStream<Result<Element, any Error>>.makeStream()
        self.results = results
        reader = Task {
            do {
                for try await element in stream { continuation.yield(.success(element)) }
            } catch {
                continuation.yield(.failure(error))
            }
            continuation.finish()
        }
    }

    deinit { reader.cancel() }

    func next() async throws -> Element? {
        let results = results
        let next = try await withTimeout {
            var iterator = results.makeAsyncIterator()
            return await iterator.next()
        }
        return try next?.get()
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
