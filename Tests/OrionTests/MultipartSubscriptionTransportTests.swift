import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Orion
import OrionAPI
import Testing

/// Multipart subscriptions through the transport's own `HTTPClient`: the request the
/// interceptors prepared, events however the body is chunked, the request cancelled when the
/// subscriber stops, the wait for the response head bounded by the deadline.
@Suite struct MultipartSubscriptionTransportTests {
    static let url = URL(string: "http://counter.invalid/graphql")

    static let multipartHeaders = ["Content-Type": #"multipart/mixed; boundary="graphql"; subscriptionSpec=1.0"#]

    /// Three counts, a heartbeat between them, the final boundary.
    static let body = [
        "--graphql", "Content-Type: application/json", "", #"{"payload":{"data":{"count":1}}}"#,
        "--graphql", "Content-Type: application/json", "", "{}",
        "--graphql", "Content-Type: application/json", "", #"{"payload":{"data":{"count":2},"extensions":{"note":"--graphql\r\n"}}}"#,
        "--graphql", "Content-Type: application/json", "", #"{"payload":{"data":{"count":3}}}"#,
        "--graphql--", "",
    ].joined(separator: "\r\n")

    static func transport(
        _ client: ScriptedHTTPClient, interceptors: [any Interceptor] = [], clock: any DeadlineClock = ManualDeadlineClock()
    ) throws -> RequestChainNetworkTransport {
        RequestChainNetworkTransport(
            url: try #require(url), interceptorProvider: DefaultInterceptorProvider(prepending: interceptors), client: client, clock: clock)
    }

    static func counts(_ transport: RequestChainNetworkTransport) async throws -> [Int] {
        var counts: [Int] = []
        for try await event in transport.subscribe(CounterSubscription()) { counts.append(event.result.data?.count ?? -1) }
        return counts
    }

    @Test func goesThroughTheClientsStreamWithThePreparedRequest() async throws {
        let client = ScriptedHTTPClient { _ in .stream(status: 200, headers: Self.multipartHeaders, bufferLimit: 1024) }
        let interceptor = RecordingInterceptor(token: "secret")
        let transport = try Self.transport(client, interceptors: [interceptor])
        let counts = Task { try await Self.counts(transport) }
        let stream = try #require(await client.nextStream())
        try await stream.writer.write(Data(Self.body.utf8))
        stream.writer.finish()
        #expect(try await bounded { try await counts.value } == [1, 2, 3])

        let request = try #require(client.requests.first)
        #expect(client.requests.count == 1)
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
        #expect(request.value(forHTTPHeaderField: "Accept") == "multipart/mixed;subscriptionSpec=1.0,application/json")
        let json = try #require(request.httpBody.flatMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        #expect(json["query"] as? String == CounterSubscription.operationDocument.text)
        // The response half does not run for a stream.
        #expect(interceptor.prepared == 1)
        #expect(interceptor.intercepted == 0)
    }

    @Test func chunksSplitAnywhereGiveTheSameEvents() async throws {
        let bytes = Array(Self.body.utf8)
        // Every split in two, and one byte at a time: inside boundaries, headers and JSON.
        var chunkings = (0...bytes.count).map { [$0] }
        chunkings.append(Array(1..<bytes.count))
        for splits in chunkings {
            let client = ScriptedHTTPClient { _ in .stream(status: 200, headers: Self.multipartHeaders, bufferLimit: 4) }
            let transport = try Self.transport(client)
            let counts = Task { try await Self.counts(transport) }
            let stream = try #require(await client.nextStream())
            let writer = stream.writer
            let producer = Task {
                var start = 0
                for end in splits + [bytes.count] {
                    try await writer.write(Data(bytes[start..<end]))
                    start = end
                }
                writer.finish()
            }
            #expect(try await bounded { try await counts.value } == [1, 2, 3], "split at \(splits.prefix(3))…")
            // The final boundary ends the subscription; bytes after it may never be read.
            producer.cancel()
        }
    }

    @Test func theSubscriberStoppingCancelsTheRequest() async throws {
        let client = ScriptedHTTPClient { _ in .stream(status: 200, headers: Self.multipartHeaders, bufferLimit: 1024) }
        let transport = try Self.transport(client)
        let first = Task {
            for try await event in transport.subscribe(CounterSubscription()) { return event.result.data?.count }
            return nil
        }
        let stream = try #require(await client.nextStream())
        try await stream.writer.write(Data(Self.body.utf8.prefix(100)))
        #expect(try await bounded { try await first.value } == 1)
        try await bounded { await client.waitForCancellations(1) }
        // The body's writer learns it too.
        await #expect(throws: CancellationError.self) { try await stream.writer.write(Data("more".utf8)) }
    }

    @Test func cancellingTheSubscriptionTaskCancelsTheRequest() async throws {
        let client = ScriptedHTTPClient { _ in .stream(status: 200, headers: Self.multipartHeaders, bufferLimit: 1024) }
        let transport = try Self.transport(client)
        let recorder = Recorder<Int>()
        let subscriber = Task {
            for try await event in transport.subscribe(CounterSubscription()) { recorder.add(event.result.data?.count ?? -1) }
        }
        let stream = try #require(await client.nextStream())
        try await stream.writer.write(Data(Self.body.utf8.prefix(100)))
        #expect(await recorder.wait { $0 == [1] })
        subscriber.cancel()
        try await bounded { await client.waitForCancellations(1) }
    }

    @Test func theWaitForTheHeadIsBoundedButTheSubscriptionIsNot() async throws {
        let clock = ManualDeadlineClock()
        let hanging = ScriptedHTTPClient { _ in .hang }
        let transport = try Self.transport(hanging, clock: clock)
        let outcome = Task { try await Self.counts(transport) }
        await clock.waitForSleepers()
        clock.advance(by: 60)
        let error = await #expect(throws: NetworkError.self) { try await bounded { try await outcome.value } }
        guard case .deadlineExceeded(let seconds)? = error else { Issue.record("expected deadlineExceeded, got \(String(describing: error))"); return }
        #expect(seconds == 60)
        #expect(error?.description.contains("requestTimeout") == true)
        try await bounded { await hanging.waitForCancellations(1) }

        // Once the head has come, time passing does not end the subscription.
        let streaming = ScriptedHTTPClient { _ in .stream(status: 200, headers: Self.multipartHeaders, bufferLimit: 1024) }
        let lasting = try Self.transport(streaming, clock: clock)
        let recorder = Recorder<Int>()
        let subscriber = Task {
            for try await event in lasting.subscribe(CounterSubscription()) { recorder.add(event.result.data?.count ?? -1) }
        }
        let stream = try #require(await streaming.nextStream())
        let bytes = Data(Self.body.utf8)
        try await stream.writer.write(bytes.prefix(100))
        #expect(await recorder.wait { $0 == [1] })
        #expect(clock.sleeperCount == 0)
        clock.advance(by: 3600)
        try await stream.writer.write(bytes.dropFirst(100))
        stream.writer.finish()
        try await bounded { try await subscriber.value }
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func aSingleJSONResponseIsOneResultAndAnErrorStatusFails() async throws {
        let json = ScriptedHTTPClient { _ in .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"data":{"count":7}}"#.utf8)) }
        #expect(try await bounded { try await Self.counts(try Self.transport(json)) } == [7])
        let failing = ScriptedHTTPClient { _ in
            .respond(status: 400, headers: ["Content-Type": "application/json"], body: Data(#"{"errors":[{"message":"bad"}]}"#.utf8))
        }
        let error = await #expect(throws: ResponseCodeError.self) { try await Self.counts(try Self.transport(failing)) }
        #expect(error?.graphQLErrors.first?.message == "bad")
    }
}

/// Adds `Authorization` in its prepare phase, and counts how often each phase runs.
final class RecordingInterceptor: Interceptor {
    let token: String
    private let counts = Mutex((prepared: 0, intercepted: 0))

    init(token: String) {
        self.token = token
    }

    var prepared: Int { counts.withLock { $0.prepared } }
    var intercepted: Int { counts.withLock { $0.intercepted } }

    func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
        counts.withLock { $0.prepared += 1 }
        var request = request
        request.headers["Authorization"] = "Bearer \(token)"
        return request
    }

    func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        counts.withLock { $0.intercepted += 1 }
        return try await next(request)
    }
}

/// `subscription Counter { count }`, hand-written as code generation writes it.
struct CounterSubscription: GraphQLSubscription {
    static let __operation = OperationMetadata("Counter", schema: WatchedItems.Metadata.self, document: OperationDocument(text: "subscription Counter { count }", identifier: ""))

    var __variables: [String: JSONValue] { [:] }

    struct Data: RootSelectionSet {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Subscription")), [.field("count", Int.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var count: Int { __data[0] }
    }
}

/// `query Count { count }`.
struct CountQuery: GraphQLQuery {
    static let __operation = OperationMetadata("Count", schema: WatchedItems.Metadata.self, document: OperationDocument(text: "query Count { count }", identifier: ""))

    var __variables: [String: JSONValue] { [:] }

    struct Data: RootSelectionSet {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("count", Int.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var count: Int { __data[0] }
    }
}
