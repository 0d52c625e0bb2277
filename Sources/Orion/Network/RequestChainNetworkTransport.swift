import Foundation
import OrionAPI
import OrionCache

/// Sends each operation through a chain of interceptors (from an `InterceptorProvider`) that
/// ends with an HTTP request by its `client`; subscriptions go as multipart HTTP requests by the
/// same client (see `RequestChainNetworkTransport+Subscriptions.swift`).
///
/// Each pass through the chain first runs every interceptor's `prepare`, then their `intercept`
/// around the network fetch (see ``Interceptor``).
public struct RequestChainNetworkTransport: SubscriptionNetworkTransport {
    public let url: URL
    public let interceptorProvider: any InterceptorProvider
    public let client: any HTTPClient
    /// Headers sent with every request.
    public var additionalHeaders: [String: String]
    /// Queries go as GET requests (with the GraphQL over HTTP spec's query parameters).
    public var useGETForQueries: Bool
    /// Seconds each HTTP request may take as a whole, from sending it to the last byte of the
    /// response, before it is cancelled and fails with ``NetworkError/deadlineExceeded(seconds:)``
    /// (`HTTPRequest.timeout`, which an interceptor may change). For a subscription, it bounds the
    /// wait for the response's status and headers; the events that follow may take as long as they
    /// take. `.infinity` for no deadline.
    public var requestTimeout: TimeInterval
    /// The time `requestTimeout` is measured in; tests pass one they advance.
    public var clock: any DeadlineClock

    public init(
        url: URL, interceptorProvider: any InterceptorProvider = DefaultInterceptorProvider(),
        client: any HTTPClient = URLSessionClient(), additionalHeaders: [String: String] = [:],
        clientName: String? = nil, clientVersion: String? = nil, useGETForQueries: Bool = false, requestTimeout: TimeInterval = 60,
        clock: any DeadlineClock = SystemDeadlineClock()
    ) {
        self.url = url
        self.interceptorProvider = interceptorProvider
        self.client = client
        var headers = additionalHeaders
        // The header names Apollo servers and tools read.
        if let clientName { headers["apollographql-client-name"] = clientName }
        if let clientVersion { headers["apollographql-client-version"] = clientVersion }
        self.additionalHeaders = headers
        self.useGETForQueries = useGETForQueries
        self.requestTimeout = requestTimeout
        self.clock = clock
    }

    public func send<Operation: GraphQLOperation>(
        _ operation: Operation, files: [GraphQLFile] = []
    ) async throws -> GraphQLResult<Operation.Data> {
        var request = HTTPRequest(
            operation: operation, url: url, method: useGETForQueries && Operation.operationType == .query && files.isEmpty ? .get : .post,
            headers: additionalHeaders, timeout: requestTimeout)
        request.files = files
        let interceptors = interceptorProvider.interceptors(for: operation)
        let errorInterceptor = interceptorProvider.additionalErrorInterceptor(for: operation)
        let fetch = NetworkFetch(client: client, clock: clock)
        while true {
            do {
                let prepared = try await Self.prepare(request, through: interceptors)
                let response = try await Self.run(prepared, through: interceptors[...], fetch: fetch.send)
                guard var result = response.result else {
                    throw ResponseParsingError.notAGraphQLResponse(reason: "no interceptor parsed the body (add JSONResponseParsingInterceptor to the chain).")
                }
                let cacheControl = response.headers.first { $0.key.caseInsensitiveCompare("Cache-Control") == .orderedSame }?.value
                result.maxAge = cacheControl.flatMap(CacheExpiration.maxAge(cacheControl:))
                return result
            } catch {
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                guard let errorInterceptor else { throw error }
                switch await errorInterceptor.handle(error, request: request) {
                case .fail(let error): throw error
                case .recover(let result): return result
                case .retry(let retry): request = retry
                }
            }
        }
    }

    /// The request after every interceptor's `prepare`, in chain order.
    static func prepare<Operation: GraphQLOperation>(
        _ request: HTTPRequest<Operation>, through interceptors: [any Interceptor]
    ) async throws -> HTTPRequest<Operation> {
        var request = request
        for interceptor in interceptors { request = try await interceptor.prepare(request) }
        return request
    }

    /// Runs `request` through `interceptors`, with `fetch` as the network step at the end.
    static func run<Operation: GraphQLOperation>(
        _ request: HTTPRequest<Operation>, through interceptors: ArraySlice<any Interceptor>, fetch: @escaping Next<Operation>
    ) async throws -> HTTPResponse<Operation> {
        guard let first = interceptors.first else { return try await fetch(request) }
        let rest = interceptors.dropFirst()
        return try await first.intercept(request) { request in try await run(request, through: rest, fetch: fetch) }
    }
}
