import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Orion
import OrionAPI
import OrionWebSocket
import RocketReserverAPI
import Testing

/// The persisted-query manifest round trip: `orion generate --operation-manifest` writes it
/// (generate.sh), the real RocketReserver server loads it with `--safelist`, and the client
/// runs every tutorial operation by id alone, never sending a document; an operation missing
/// from the server's manifest fails with `PersistedQueryError`, and freeform text is refused.
@Suite struct SafelistedPersistedQueryTests {
    /// The manifest generate.sh writes beside the generated package.
    static let manifest = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Generated/RocketReserverAPI.manifest.json")

    /// A client sending operations by id only, over HTTP, recording what it sends.
    private static func client(_ server: RocketReserverProcess, tokens: TokenStore, http: RecordingHTTPClient, useGET: Bool = false) -> OrionClient {
        let provider = DefaultInterceptorProvider(
            persistedQueries: .safelisted, useGETForHashedQueries: useGET, prepending: [TokenAuthorization(tokens: tokens)])
        return OrionClient(networkTransport: RequestChainNetworkTransport(url: server.url, interceptorProvider: provider, client: http), store: OrionStore())
    }

    /// No request carried a document (no `query` parameter, no `"query"` field in a JSON or
    /// multipart body), and each carried an id.
    private static func expectNoDocumentSent(_ http: RecordingHTTPClient, sourceLocation: SourceLocation = #_sourceLocation) {
        for request in http.requests {
            let query = request.url?.query ?? ""
            let body = request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? ""
            #expect(!query.contains("query=") && !body.contains("\"query\""), "a document was sent: \(query) \(body)", sourceLocation: sourceLocation)
            #expect(query.contains("persistedQuery") || body.contains("persistedQuery"), "no id was sent: \(query) \(body)", sourceLocation: sourceLocation)
        }
    }

    /// The generated manifest without the operations named, for a server that lacks them.
    private static func manifest(without names: Set<String>) throws -> URL {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        let operations = try #require(object["operations"] as? [[String: Any]])
        object["operations"] = operations.filter { !names.contains($0["name"] as? String ?? "") }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orion-manifest-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        return url
    }

    @Test func theManifestHoldsEveryGeneratedOperationWithItsIdentifier() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.manifest)) as? [String: Any])
        let operations = try #require(object["operations"] as? [[String: String]])
        let generated: [(String, OperationDocument)] = [
            (BookTripMutation.operationName, BookTripMutation.operationDocument),
            (CancelTripMutation.operationName, CancelTripMutation.operationDocument),
            (LaunchDetailsQuery.operationName, LaunchDetailsQuery.operationDocument),
            (LaunchListQuery.operationName, LaunchListQuery.operationDocument),
            (LoginMutation.operationName, LoginMutation.operationDocument),
            (MeQuery.operationName, MeQuery.operationDocument),
            (TripsBookedSubscription.operationName, TripsBookedSubscription.operationDocument),
            (UploadProfileImageMutation.operationName, UploadProfileImageMutation.operationDocument),
        ]
        #expect(operations.map { $0["name"] } == generated.map(\.0))
        for (entry, (_, document)) in zip(operations, generated) {
            #expect(entry["id"] == document.identifier)
            #expect(entry["body"] == document.text)
        }
    }

    @Test func everyOperationRunsByIdAgainstTheSafelistingServer() async throws {
        let server = try await RocketReserverProcess(safelist: Self.manifest)
        let tokens = TokenStore()
        let http = RecordingHTTPClient()
        let client = Self.client(server, tokens: tokens, http: http, useGET: true)

        let page = try await client.fetch(query: LaunchListQuery(pageSize: 5))
        #expect(page.data?.launches.launches.count == 5, "\(page.errors ?? [])")
        #expect(http.requests.last?.httpMethod == "GET")
        let details = try await client.fetch(query: LaunchDetailsQuery(launchId: "90"), cachePolicy: .fetchIgnoringCacheData)
        #expect(details.data?.launch?.isBooked == false)

        let login = try await client.perform(mutation: LoginMutation(email: "safelisted@example.com"))
        await tokens.set(try #require(login.data?.login?.token))
        #expect(http.requests.last?.httpMethod == "POST")
        let booked = try await client.perform(mutation: BookTripMutation(id: "90"))
        #expect(booked.data?.bookTrips.success == true, "\(booked.errors ?? [])")
        let me = try await client.fetch(query: MeQuery(), cachePolicy: .fetchIgnoringCacheData)
        #expect(me.data?.me?.trips.compactMap { $0?.fragments.launchSummary.id } == ["90"])
        let cancelled = try await client.perform(mutation: CancelTripMutation(launchId: "90"))
        #expect(cancelled.data?.cancelTrip.success == true)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-safelisted-\(UUID().uuidString).png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let upload = try await client.upload(
            operation: UploadProfileImageMutation(file: "file"), files: [GraphQLFile(variablePath: "file", fileURL: file, mimeType: "image/png")])
        #expect(upload.data?.uploadProfileImage?.profileImage != nil, "\(upload.errors ?? [])")

        #expect(http.requests.count == 7)
        Self.expectNoDocumentSent(http)
    }

    @Test(arguments: ["WebSocket", "HTTP multipart"])
    func theSubscriptionRunsById(over transport: String) async throws {
        let server = try await RocketReserverProcess(safelist: Self.manifest)
        let tokens = TokenStore()
        let http = RecordingHTTPClient()
        let booking = Self.client(server, tokens: tokens, http: http)
        await tokens.set(try #require(try await booking.perform(mutation: LoginMutation(email: "subscriber-\(transport.count)@example.com")).data?.login?.token))

        var components = try #require(URLComponents(url: server.url, resolvingAgainstBaseURL: false))
        components.scheme = "ws"
        let webSocket = WebSocketTransport(configuration: .init(url: try #require(components.url), sendsOperationIDsOnly: true))
        // Over HTTP, the same kind of client as the bookings': the id is set in `prepare`.
        let subscriber = transport == "WebSocket" ? OrionClient(networkTransport: webSocket, store: OrionStore()) : Self.client(server, tokens: tokens, http: http)
        let recorder = StreamRecorder(subscriber.subscribe(subscription: TripsBookedSubscription()))
        // The subscription may start after a booking: book until an event comes (the wait only
        // paces the bookings; a late event is read below).
        var delivered = false
        for launch in (1...40).map(String.init) where !delivered {
            #expect(try await booking.perform(mutation: BookTripMutation(id: launch)).data?.bookTrips.success == true)
            if case .element(let result)? = try await recorder.next(timeout: 0.5) {
                #expect(result.data?.tripsBooked == 1, "\(result.errors ?? [])")
                delivered = true
            }
        }
        #expect(delivered)
        recorder.cancel()
        await webSocket.pause()
        Self.expectNoDocumentSent(http)
    }

    @Test func anOperationMissingFromTheServersManifestFailsWithoutSendingItsText() async throws {
        let manifest = try Self.manifest(without: ["LaunchDetails", "TripsBooked"])
        defer { try? FileManager.default.removeItem(at: manifest) }
        let server = try await RocketReserverProcess(safelist: manifest)
        let http = RecordingHTTPClient()
        let client = Self.client(server, tokens: TokenStore(), http: http)

        #expect(try await client.fetch(query: LaunchListQuery(pageSize: 1)).data?.launches.launches.count == 1)
        await #expect {
            _ = try await client.fetch(query: LaunchDetailsQuery(launchId: "1"))
        } throws: { error in
            guard case .notInSafelist(let name, let id, let message)? = error as? PersistedQueryError else { return false }
            return name == "LaunchDetails" && id == LaunchDetailsQuery.operationDocument.identifier && message.contains(id)
                && (error as? PersistedQueryError)?.description.contains("Publish the operation manifest") == true
        }
        #expect(http.requests.count == 2, "refused once, not retried with the text")

        // A subscription over HTTP multipart: refused before it starts, with the same error.
        await #expect {
            for try await _ in client.subscribe(subscription: TripsBookedSubscription()) {}
        } throws: { error in
            guard case .notInSafelist(let name, let id, _)? = error as? PersistedQueryError else { return false }
            return name == "TripsBooked" && id == TripsBookedSubscription.operationDocument.identifier
        }
        #expect(http.requests.count == 3)
        Self.expectNoDocumentSent(http)

        // Over WebSocket too.
        var components = try #require(URLComponents(url: server.url, resolvingAgainstBaseURL: false))
        components.scheme = "ws"
        let webSocket = WebSocketTransport(configuration: .init(url: try #require(components.url), sendsOperationIDsOnly: true))
        let subscriber = OrionClient(networkTransport: webSocket, store: OrionStore())
        await #expect {
            for try await _ in subscriber.subscribe(subscription: TripsBookedSubscription()) {}
        } throws: { error in
            guard case .notInSafelist(let name, _, _)? = error as? PersistedQueryError else { return false }
            return name == "TripsBooked"
        }
        await webSocket.pause()
    }

    @Test func freeformTextIsRefusedUnlessItIsAManifestBody() async throws {
        let manifest = try Self.manifest(without: ["Me"])
        defer { try? FileManager.default.removeItem(at: manifest) }
        let server = try await RocketReserverProcess(safelist: manifest)
        // A client that sends documents, as one that knows nothing of the safelist.
        let client = OrionClient(networkTransport: RequestChainNetworkTransport(url: server.url), store: OrionStore())

        // The text of an operation of the manifest runs as it is.
        #expect(try await client.fetch(query: LaunchListQuery(pageSize: 2)).data?.launches.launches.count == 2)
        await #expect {
            _ = try await client.fetch(query: MeQuery())
        } throws: { error in
            guard let error = error as? ResponseCodeError else { return false }
            return error.statusCode == 403 && error.graphQLErrors.first?.code == "QUERY_NOT_IN_SAFELIST"
        }
    }
}
