import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Orion
import OrionAPI
import Testing

/// A request has one deadline for the whole exchange, measured on the transport's clock: a
/// response that never ends fails with `NetworkError.deadlineExceeded` and is cancelled.
@Suite struct RequestDeadlineTests {
    static func transport(_ client: ScriptedHTTPClient, clock: ManualDeadlineClock, timeout: TimeInterval = 30, interceptors: [any Interceptor] = []) throws -> RequestChainNetworkTransport {
        RequestChainNetworkTransport(
            url: try #require(URL(string: "http://counter.invalid/graphql")),
            interceptorProvider: DefaultInterceptorProvider(maxRetries: 0, prepending: interceptors), client: client, requestTimeout: timeout, clock: clock)
    }

    @Test func aResponseThatNeverEndsFailsAtTheDeadline() async throws {
        let clock = ManualDeadlineClock()
        let client = ScriptedHTTPClient { _ in .hang }
        let transport = try Self.transport(client, clock: clock)
        let outcome = Task { try await transport.send(CountQuery(), files: []) }
        await clock.waitForSleepers()
        clock.advance(by: 29)
        #expect(client.cancellations == 0)
        clock.advance(by: 1)
        let error = await #expect(throws: NetworkError.self) { try await bounded { try await outcome.value } }
        guard case .deadlineExceeded(seconds: 30)? = error else { Issue.record("expected deadlineExceeded(30), got \(String(describing: error))"); return }
        #expect(error?.description == "The request did not finish within its deadline of 30 seconds and was cancelled: the server is slow or "
            + "unreachable, or the response is large. Raise RequestChainNetworkTransport.requestTimeout (or set HTTPRequest.timeout in "
            + "an interceptor's prepare) if it needs longer.")
        // The request itself was cancelled, not left running.
        try await bounded { await client.waitForCancellations(1) }
    }

    @Test func anInterceptorSetsTheDeadlineOfItsRequest() async throws {
        let clock = ManualDeadlineClock()
        let client = ScriptedHTTPClient { _ in .hang }
        let transport = try Self.transport(client, clock: clock, interceptors: [Timeout(seconds: 5)])
        let outcome = Task { try await transport.send(CountQuery(), files: []) }
        await clock.waitForSleepers()
        clock.advance(by: 5)
        let error = await #expect(throws: NetworkError.self) { try await bounded { try await outcome.value } }
        guard case .deadlineExceeded(seconds: 5)? = error else { Issue.record("expected deadlineExceeded(5), got \(String(describing: error))"); return }
    }

    @Test func aResponseWithinTheDeadlineLeavesNoTimerBehind() async throws {
        let clock = ManualDeadlineClock()
        let client = ScriptedHTTPClient { _ in .respond(status: 200, headers: [:], body: Data(#"{"data":{"count":3}}"#.utf8)) }
        let result = try await Self.transport(client, clock: clock).send(CountQuery(), files: [])
        #expect(result.data?.count == 3)
        #expect(clock.sleeperCount == 0)
    }

    struct Timeout: Interceptor {
        let seconds: TimeInterval

        func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
            var request = request
            request.timeout = seconds
            return request
        }
    }
}

/// The interceptors' prepare phase: it runs for queries and subscriptions alike, before the
/// response half, and again for each retry; interceptors written before it still work.
@Suite struct InterceptorPrepareTests {
    static let countBody = Data(#"{"data":{"count":3}}"#.utf8)

    @Test func prepareAppliesToQueriesAndSubscriptionsAndTheResponseHalfOnlyToQueries() async throws {
        let interceptor = RecordingInterceptor(token: "t1")
        let client = ScriptedHTTPClient { request in
            request.value(forHTTPHeaderField: "Accept")?.hasPrefix("multipart") == true
                ? .respond(status: 200, headers: MultipartSubscriptionTransportTests.multipartHeaders, body: Data(MultipartSubscriptionTransportTests.body.utf8))
                : .respond(status: 200, headers: [:], body: Self.countBody)
        }
        let transport = try MultipartSubscriptionTransportTests.transport(client, interceptors: [interceptor])
        let result = try await transport.send(CountQuery(), files: [])
        #expect(result.data?.count == 3)
        #expect((interceptor.prepared, interceptor.intercepted) == (1, 1))
        #expect(try await MultipartSubscriptionTransportTests.counts(transport) == [1, 2, 3])
        #expect((interceptor.prepared, interceptor.intercepted) == (2, 1))
        #expect(client.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer t1", "Bearer t1"])
    }

    /// An interceptor written with `intercept` alone, as before the prepare phase: it still changes
    /// queries (it does not run for subscriptions, as before).
    @Test func anInterceptWithoutPrepareStillWorks() async throws {
        struct LegacyHeader: Interceptor {
            func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
                var request = request
                request.headers["X-Legacy"] = "yes"
                return try await next(request)
            }
        }
        let client = ScriptedHTTPClient { _ in .respond(status: 200, headers: [:], body: Self.countBody) }
        let transport = try MultipartSubscriptionTransportTests.transport(client, interceptors: [LegacyHeader()])
        _ = try await transport.send(CountQuery(), files: [])
        #expect(client.requests.first?.value(forHTTPHeaderField: "X-Legacy") == "yes")
    }

    /// A retry the additional error interceptor asks for is prepared again: a refreshed token is
    /// read anew, and headers are not added twice.
    @Test func aRetryIsPreparedAgain() async throws {
        final class Tokens: Interceptor, AdditionalErrorInterceptor {
            let token = Mutex("old")
            func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
                var request = request
                request.headers["Authorization"] = "Bearer " + token.withLock { $0 }
                return request
            }
            func handle<Operation: GraphQLOperation>(_ error: any Error, request: HTTPRequest<Operation>) async -> ErrorRecovery<Operation> {
                guard (error as? ResponseCodeError)?.statusCode == 401 else { return .fail(error) }
                token.withLock { $0 = "new" }
                return .retry(request)
            }
        }
        let tokens = Tokens()
        let client = ScriptedHTTPClient { request in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer new"
                ? .respond(status: 200, headers: [:], body: Self.countBody)
                : .respond(status: 401, headers: [:], body: Data(#"{"errors":[{"message":"expired"}]}"#.utf8))
        }
        let transport = RequestChainNetworkTransport(
            url: try #require(MultipartSubscriptionTransportTests.url),
            interceptorProvider: DefaultInterceptorProvider(prepending: [tokens], errorInterceptor: tokens), client: client, clock: ManualDeadlineClock())
        let result = try await transport.send(CountQuery(), files: [])
        #expect(result.data?.count == 3)
        #expect(client.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer old", "Bearer new"])
    }
}
