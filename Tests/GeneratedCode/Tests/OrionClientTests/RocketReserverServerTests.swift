import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Orion
import OrionAPI
import RocketReserverAPI
import Testing

/// The client against the real RocketReserver server on 127.0.0.1: pagination, login and
/// authorized mutations, uploads, queries as GET and automatic persisted queries, with the
/// generated operations of the tutorial.
@Suite struct RocketReserverServerTests {
    private func client(
        _ server: RocketReserverProcess, tokens: TokenStore = TokenStore(), http: RecordingHTTPClient = RecordingHTTPClient(),
        autoPersistQueries: Bool = false, useGET: Bool = false
    ) -> OrionClient {
        let store = OrionStore()
        let provider = DefaultInterceptorProvider(autoPersistQueries: autoPersistQueries, prepending: [TokenAuthorization(tokens: tokens)])
        let transport = RequestChainNetworkTransport(url: server.url, interceptorProvider: provider, client: http, useGETForQueries: useGET)
        return OrionClient(networkTransport: transport, store: store)
    }

    @Test func pagesThroughEveryLaunchOnce() async throws {
        let server = try await RocketReserverProcess()
        let client = client(server)
        var ids: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let page = try await client.fetch(query: LaunchListQuery(pageSize: 15, after: cursor.map { GraphQLNullable.some($0) } ?? .absent)).data?.launches
            let launches = try #require(page).launches.compactMap { $0 }
            ids += launches.map(\.id)
            #expect(launches.allSatisfy { $0.rocket?.name?.isEmpty == false })
            cursor = page?.cursor
            pages += 1
            if page?.hasMore != true { break }
        } while pages < 20
        #expect(ids.count == 110)
        #expect(Set(ids).count == 110, "each launch exactly once")
        #expect(pages == 8)
    }

    @Test func loginAuthorizesBookingAndTheCacheFollows() async throws {
        let server = try await RocketReserverProcess()
        let tokens = TokenStore()
        let client = client(server, tokens: tokens)

        // Without a token the server refuses: a success carrying the GraphQL error.
        let refused = try await client.perform(mutation: BookTripMutation(id: "90"))
        #expect(refused.errors?.first?.message.isEmpty == false)

        let login = try await client.perform(mutation: LoginMutation(email: "orion@example.com"))
        let token = try #require(login.data?.login?.token)
        await tokens.set(token)

        let details = try await client.fetch(query: LaunchDetailsQuery(launchId: "90"))
        #expect(details.data?.launch?.isBooked == false)
        let booked = try await client.perform(mutation: BookTripMutation(id: "90"))
        #expect(booked.errors == nil)
        #expect(booked.data?.bookTrips.success == true)
        // The mutation's result updated Launch:90 in the cache.
        let cached = try await client.fetch(query: LaunchDetailsQuery(launchId: "90"), cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.data?.launch?.isBooked == true)

        let me = try await client.fetch(query: MeQuery(), cachePolicy: .fetchIgnoringCacheData)
        #expect(me.data?.me?.email == "orion@example.com")
        #expect(me.data?.me?.trips.compactMap { $0?.fragments.launchSummary.id } == ["90"])

        let again = try await client.perform(mutation: BookTripMutation(id: "90"))
        #expect(again.data?.bookTrips.success == false, "already booked")
        let cancelled = try await client.perform(mutation: CancelTripMutation(launchId: "90"))
        #expect(cancelled.data?.cancelTrip.success == true)
        #expect(try await client.fetch(query: LaunchDetailsQuery(launchId: "90"), cachePolicy: .returnCacheDataDontFetch).data?.launch?.isBooked == false)
    }

    @Test func uploadsAProfileImage() async throws {
        let server = try await RocketReserverProcess()
        let tokens = TokenStore()
        let client = client(server, tokens: tokens)
        await tokens.set(try #require(try await client.perform(mutation: LoginMutation(email: "avatar@example.com")).data?.login?.token))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-avatar-\(UUID().uuidString).png")
        var image = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        image.append(Data((0..<200_000).map { UInt8($0 % 253) }))
        try image.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let result = try await client.upload(
            operation: UploadProfileImageMutation(file: "file"), files: [GraphQLFile(variablePath: "file", fileURL: file, mimeType: "image/png")])
        #expect(result.errors == nil)
        let served = try #require(result.data?.uploadProfileImage?.profileImage.flatMap(URL.init(string:)))
        let (body, response) = try await URLSessionClient().send(URLRequest(url: served), bodyFile: nil)
        #expect(response.statusCode == 200)
        #expect(body == image, "the server serves back the bytes sent")
    }

    @Test func queriesAsGETAndPersistedQueries() async throws {
        let server = try await RocketReserverProcess()
        let http = RecordingHTTPClient()
        let client = client(server, http: http, autoPersistQueries: true, useGET: true)

        let first = try await client.fetch(query: LaunchDetailsQuery(launchId: "1"), cachePolicy: .fetchIgnoringCacheCompletely)
        #expect(first.data?.launch?.id == "1")
        // The hash alone first (as GET), PersistedQueryNotFound, then the document registers it.
        var sent = http.requests
        #expect(sent.count == 2)
        #expect(sent.first?.httpMethod == "GET")
        #expect(sent.first?.url?.query?.contains("query=") == false)
        #expect(sent.first?.url?.query?.contains("persistedQuery") == true)

        let second = try await client.fetch(query: LaunchDetailsQuery(launchId: "2"), cachePolicy: .fetchIgnoringCacheCompletely)
        #expect(second.data?.launch?.id == "2")
        sent = http.requests
        #expect(sent.count == 3, "registered: the hash is enough")
        #expect(sent.last?.httpMethod == "GET")
        #expect(sent.last?.url?.query?.contains("query=") == false)

        // Mutations stay POST.
        _ = try await client.perform(mutation: LoginMutation(email: "get@example.com"))
        #expect(http.requests.last?.httpMethod == "POST")
    }
}

/// The app's token, kept by whoever logs in.
actor TokenStore {
    private(set) var current: String?

    func set(_ token: String?) { current = token }
}

/// Sends the stored token as `Authorization`, the few lines the README shows.
struct TokenAuthorization: Interceptor {
    let tokens: TokenStore

    func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
        // In the prepare phase, so that subscriptions carry it too.
        var request = request
        if let token = await tokens.current { request.headers["Authorization"] = "Bearer \(token)" }
        return request
    }
}

/// `URLSessionClient`, keeping each request sent.
final class RecordingHTTPClient: HTTPClient, @unchecked Sendable {
    private let client = URLSessionClient()
    // Guarded by `lock`.
    private var sent: [URLRequest] = []
    private let lock = NSLock()

    var requests: [URLRequest] { lock.withLock { sent } }

    func send(_ request: URLRequest, bodyFile: URL?) async throws -> (Data, HTTPURLResponse) {
        // An upload's body is streamed from a file: kept as the request's body, to be read.
        var recorded = request
        if let bodyFile, recorded.httpBody == nil { recorded.httpBody = try Data(contentsOf: bodyFile) }
        lock.withLock { sent.append(recorded) }
        return try await client.send(request, bodyFile: bodyFile)
    }

    func stream(_ request: URLRequest) async throws -> HTTPStreamedResponse {
        lock.withLock { sent.append(request) }
        return try await client.stream(request)
    }
}
