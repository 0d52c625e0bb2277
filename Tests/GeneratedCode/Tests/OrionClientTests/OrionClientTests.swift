import Foundation
import Orion
import OrionAPI
import RocketReserverAPI
import Testing

/// The client against a server of the tests' own on 127.0.0.1: results, every kind of failure,
/// retries, persisted queries, GET, uploads, callbacks and cancellation.
@Suite struct OrionClientTests {
    static let launchPage = """
        {"data": {"launches": {"__typename": "LaunchConnection", "cursor": "c1", "hasMore": true, "launches": [
          {"__typename": "Launch", "id": "110", "site": "KSC", "isBooked": false,
           "mission": {"__typename": "Mission", "name": "CRS-21", "missionPatch": "https://p"},
           "rocket": {"__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"}}]}}}
        """

    private func client(_ server: FaultServer, provider: DefaultInterceptorProvider = DefaultInterceptorProvider(),
                        useGET: Bool = false, timeout: TimeInterval = 60) -> OrionClient {
        OrionClient(networkTransport: RequestChainNetworkTransport(
            url: server.url, interceptorProvider: provider, clientName: "orion-tests", clientVersion: "1.0",
            useGETForQueries: useGET, requestTimeout: timeout))
    }

    @Test func queryResultAndRequestBody() async throws {
        let server = try FaultServer { _ in .respond(status: 200, body: Self.launchPage) }
        let result = try await client(server).fetch(query: LaunchListQuery(pageSize: 5))
        #expect(result.data?.launches.launches.first??.mission?.name == "CRS-21")
        #expect(result.errors == nil)
        #expect(result.source == .server)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.json?["operationName"] as? String == "LaunchList")
        #expect(request.json?["query"] as? String == LaunchListQuery.operationDocument.text)
        #expect((request.json?["variables"] as? [String: Any])?["pageSize"] as? Int == 5)
        #expect(request.headers["apollographql-client-name"] == "orion-tests")
        #expect(request.headers["accept"]?.contains("application/graphql-response+json") == true)
    }

    @Test func partialDataWithErrorsIsASuccessCarryingBoth() async throws {
        let server = try FaultServer { _ in
            .respond(status: 200, body: """
                {"data": {"launch": null}, "errors": [{"message": "Launch service down", "locations": [{"line": 2, "column": 3}],
                 "path": ["launch"], "extensions": {"code": "UNAVAILABLE"}}]}
                """)
        }
        let result = try await client(server).fetch(query: LaunchDetailsQuery(launchId: "1"))
        #expect(result.data != nil)
        #expect(result.data?.launch == nil)
        let error = try #require(result.errors?.first)
        #expect(error.message == "Launch service down")
        #expect(error.locations == [GraphQLError.Location(line: 2, column: 3)])
        #expect(error.path == [.key("launch")])
        #expect(error.code == "UNAVAILABLE")
    }

    @Test func errorsWithoutDataIsASuccessWithErrors() async throws {
        let server = try FaultServer { _ in .respond(status: 200, body: #"{"errors": [{"message": "Not logged in"}]}"#) }
        let result = try await client(server).perform(mutation: BookTripMutation(id: "1"))
        #expect(result.data == nil)
        #expect(result.errors?.map(\.message) == ["Not logged in"])
    }

    @Test func errorStatusesFailWithTheStatusAndTheServersErrors() async throws {
        let server = try FaultServer { request in
            request.headers["authorization"] == nil
                ? .respond(status: 401, body: #"{"errors": [{"message": "Unauthorized"}]}"#)
                : .respond(status: 500, body: "Internal Server Error", contentType: "text/plain")
        }
        await #expect {
            _ = try await client(server).fetch(query: LaunchListQuery())
        } throws: { error in
            guard let error = error as? ResponseCodeError else { return false }
            return error.statusCode == 401 && error.graphQLErrors.map(\.message) == ["Unauthorized"]
        }
        let authorized = client(server, provider: DefaultInterceptorProvider(prepending: [Authorization(token: "t")]))
        await #expect {
            _ = try await authorized.fetch(query: LaunchListQuery())
        } throws: { error in
            (error as? ResponseCodeError)?.statusCode == 500 && (error as? ResponseCodeError)?.graphQLErrors.isEmpty == true
        }
        #expect(server.requests.last?.headers["authorization"] == "Bearer t")
    }

    @Test func bodiesThatAreNotGraphQLResponses() async throws {
        let bodies: [String: (ResponseParsingError) -> Bool] = [
            "<html>oops</html>": { if case .invalidJSON = $0 { return true } else { return false } },
            #"{"hello": "world"}"#: { if case .notAGraphQLResponse = $0 { return true } else { return false } },
            #"[1, 2]"#: { if case .notAGraphQLResponse = $0 { return true } else { return false } },
            #"{"errors": "broken"}"#: { if case .notAGraphQLResponse = $0 { return true } else { return false } },
        ]
        for (body, check) in bodies {
            let server = try FaultServer { _ in .respond(status: 200, body: body) }
            await #expect("\(body)") {
                _ = try await client(server).fetch(query: LaunchListQuery())
            } throws: { error in
                (error as? ResponseParsingError).map(check) ?? false
            }
        }
    }

    @Test func dataOfTheWrongShapeNamesThePath() async throws {
        let server = try FaultServer { _ in
            .respond(status: 200, body: #"{"data": {"launches": {"__typename": "LaunchConnection", "cursor": 7, "hasMore": true, "launches": []}}}"#)
        }
        await #expect {
            _ = try await client(server).fetch(query: LaunchListQuery())
        } throws: { error in
            guard case .dataMismatch(let mismatch) = error as? ResponseParsingError else { return false }
            return mismatch.path.description == "data.launches.cursor" && mismatch.expected == "String" && mismatch.found == "7"
        }
    }

    @Test func truncatedAndDroppedBodiesFail() async throws {
        let truncated = try FaultServer { _ in .truncated(body: #"{"data": {"laun"#, declaredLength: 500) }
        await #expect(throws: (any Error).self) { _ = try await client(truncated).fetch(query: LaunchListQuery()) }
        let dropped = try FaultServer { _ in .dropMidBody(body: #"{"data": {"launches": "#) }
        await #expect(throws: (any Error).self) { _ = try await client(dropped).fetch(query: LaunchListQuery()) }
    }

    @Test func slowResponsesTimeOut() async throws {
        // The server never answers: only the limit can end the request.
        let server = try FaultServer { _ in .noAnswer }
        await #expect {
            _ = try await client(server, timeout: 0.5).fetch(query: LaunchListQuery())
        } throws: { error in
            guard case .transport(let urlError) = error as? NetworkError else { return false }
            return urlError.code == .timedOut
        }
    }

    @Test func anErrorInterceptorRetriesUntilTheLimit() async throws {
        let attempts = Counter()
        let server = try FaultServer { _ in
            attempts.increment() < 2 ? .respond(status: 503, body: "busy", contentType: "text/plain") : .respond(status: 200, body: Self.launchPage)
        }
        let retrying = DefaultInterceptorProvider(maxRetries: 3, errorInterceptor: RetryOn503())
        let result = try await client(server, provider: retrying).fetch(query: LaunchListQuery())
        #expect(result.data?.launches.cursor == "c1")
        #expect(server.requests.count == 3)

        let alwaysBusy = try FaultServer { _ in .respond(status: 503, body: "busy", contentType: "text/plain") }
        await #expect(throws: MaxRetriesExceededError.self) {
            _ = try await client(alwaysBusy, provider: DefaultInterceptorProvider(maxRetries: 2, errorInterceptor: RetryOn503())).fetch(query: LaunchListQuery())
        }
        #expect(alwaysBusy.requests.count == 3)
    }

    @Test func automaticPersistedQueriesRegisterOnNotFound() async throws {
        let registered = Counter()
        let server = try FaultServer { request in
            let json = request.json ?? [:]
            let hash = ((json["extensions"] as? [String: Any])?["persistedQuery"] as? [String: Any])?["sha256Hash"] as? String
            guard hash == LaunchListQuery.operationDocument.identifier else { return .respond(status: 400, body: #"{"errors": [{"message": "no hash"}]}"#) }
            if json["query"] == nil && registered.value == 0 {
                return .respond(status: 200, body: #"{"errors": [{"message": "PersistedQueryNotFound", "extensions": {"code": "PERSISTED_QUERY_NOT_FOUND"}}]}"#)
            }
            registered.increment()
            return .respond(status: 200, body: Self.launchPage)
        }
        let apq = client(server, provider: DefaultInterceptorProvider(autoPersistQueries: true))
        let first = try await apq.fetch(query: LaunchListQuery())
        #expect(first.data?.launches.cursor == "c1")
        #expect(server.requests.count == 2)
        #expect(server.requests[0].json?["query"] == nil)
        #expect(server.requests[1].json?["query"] as? String == LaunchListQuery.operationDocument.text)
        // To the server again (the client's store holds the first result).
        _ = try await apq.fetch(query: LaunchListQuery(), cachePolicy: .fetchIgnoringCacheData)
        try #require(server.requests.count == 3, "once registered, the hash alone is enough")
        #expect(server.requests[2].json?["query"] == nil)
    }

    @Test func queriesAsGET() async throws {
        let server = try FaultServer { _ in .respond(status: 200, body: Self.launchPage) }
        _ = try await client(server, useGET: true).fetch(query: LaunchListQuery(pageSize: 2, after: "a+b"))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.query["operationName"] == "LaunchList")
        #expect(request.query["query"] == LaunchListQuery.operationDocument.text)
        #expect(request.query["variables"] == #"{"after":"a+b","pageSize":2}"#)
        let mutation = try FaultServer { _ in .respond(status: 200, body: #"{"data": {"bookTrips": {"__typename": "TripUpdateResponse", "success": true, "message": null, "launches": []}}}"#) }
        _ = try await client(mutation, useGET: true).perform(mutation: BookTripMutation(id: "1"))
        #expect(mutation.requests.first?.method == "POST", "mutations never go as GET")
    }

    @Test func uploadsFollowTheMultipartSpec() async throws {
        let server = try FaultServer { _ in
            .respond(status: 200, body: #"{"data": {"uploadProfileImage": {"__typename": "User", "id": "1", "profileImage": "/images/1.png"}}}"#)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-upload-test-\(UUID().uuidString).png")
        let content = Data((0..<300_000).map { UInt8($0 % 251) })
        try content.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await client(server).upload(
            operation: UploadProfileImageMutation(file: "file"), files: [GraphQLFile(variablePath: "file", fileURL: file, mimeType: "image/png")])
        #expect(result.data?.uploadProfileImage?.profileImage == "/images/1.png")
        let request = try #require(server.requests.first)
        #expect(request.headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        let body = request.body
        #expect(body.range(of: Data(#"name="operations""#.utf8)) != nil)
        #expect(body.range(of: Data(#""variables":{"file":null}"#.utf8)) != nil)
        #expect(body.range(of: Data(#"{"0":["variables.file"]}"#.utf8)) != nil)
        #expect(body.range(of: content) != nil, "the file's bytes are in the body")
    }

    @Test func callbacksAreCalledOnceOnTheirQueue() async throws {
        let server = try FaultServer { request in
            request.json?["operationName"] as? String == "LaunchList" ? .respond(status: 200, body: Self.launchPage) : .respond(status: 500, body: "x")
        }
        let queue = DispatchQueue(label: "orion-tests")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let calls = Counter()
        let results: [Bool] = await withCheckedContinuation { continuation in
            let collected = Collected<Bool>(expected: 2) { continuation.resume(returning: $0) }
            client(server).fetch(query: LaunchListQuery(), queue: queue) { result in
                calls.increment()
                collected.add(DispatchQueue.getSpecific(key: key) == true && (try? result.get())?.data != nil)
            }
            client(server).perform(mutation: BookTripMutation(id: "1"), queue: queue) { result in
                calls.increment()
                collected.add(DispatchQueue.getSpecific(key: key) == true && (try? result.get()) == nil)
            }
        }
        #expect(results == [true, true])
        // A later call's handler on the same queue: a second call of either handler, due just
        // after its first, would have come before it.
        await withCheckedContinuation { continuation in
            client(server).fetch(query: LaunchListQuery(), queue: queue) { _ in continuation.resume() }
        }
        #expect(calls.value == 2)
    }

    @Test func cancellingStopsTheRequestAndSkipsTheHandler() async throws {
        // Servers that never answer, and clients that would wait for them for an hour: only a
        // cancel ends these requests.
        let server = try FaultServer { _ in .noAnswer }
        let queue = DispatchQueue(label: "orion-tests")
        let calls = Counter()
        let cancellable = client(server, timeout: 3600).fetch(query: LaunchListQuery(), queue: queue) { _ in calls.increment() }
        try await server.receivedCount.wait(for: 1, "the request")
        cancellable.cancel()
        try await server.hangUps.wait(for: 1, "the cancelled request's connection closed")
        // A later call's handler on the same queue: the cancelled call's, due as its request
        // ended, would have come before it.
        let answering = try FaultServer { _ in .respond(status: 200, body: Self.launchPage) }
        await withCheckedContinuation { continuation in
            client(answering).fetch(query: LaunchListQuery(), queue: queue) { _ in continuation.resume() }
        }
        #expect(calls.value == 0)

        let slow = try FaultServer { _ in .noAnswer }
        let task = Task { try await client(slow, timeout: 3600).fetch(query: LaunchListQuery()) }
        try await slow.receivedCount.wait(for: 1, "the request")
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        try await slow.hangUps.wait(for: 1, "the HTTP request is cancelled, not awaited")
    }
}

/// Adds a bearer token, as an app's interceptor would.
struct Authorization: Interceptor {
    let token: String

    func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        var request = request
        request.headers["Authorization"] = "Bearer \(token)"
        return try await next(request)
    }
}

/// Retries the whole chain when the server is busy.
struct RetryOn503: AdditionalErrorInterceptor {
    func handle<Operation: GraphQLOperation>(_ error: any Error, request: HTTPRequest<Operation>) async -> ErrorRecovery<Operation> {
        (error as? ResponseCodeError)?.statusCode == 503 ? .retry(request) : .fail(error)
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    // Guarded by `lock`.
    private var count = 0
    private let lock = NSLock()

    /// Adds one and returns the count before.
    @discardableResult
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count - 1
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Collects values from callbacks and reports them once all have arrived.
final class Collected<Value: Sendable>: @unchecked Sendable {
    // Guarded by `lock`.
    private var values: [Value] = []
    private let lock = NSLock()
    private let expected: Int
    private let done: @Sendable ([Value]) -> Void

    init(expected: Int, done: @escaping @Sendable ([Value]) -> Void) {
        self.expected = expected
        self.done = done
    }

    func add(_ value: Value) {
        lock.lock()
        values.append(value)
        let all = values.count == expected ? values : nil
        lock.unlock()
        if let all { done(all) }
    }
}
