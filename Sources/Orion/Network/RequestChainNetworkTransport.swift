import Foundation
import OrionAPI
import OrionCache

/// Sends each operation through a chain of interceptors (from an `InterceptorProvider`) that
/// ends with an HTTP request over `URLSession`; subscriptions go as multipart HTTP requests
/// (see `RequestChainNetworkTransport+Subscriptions.swift`).
public struct RequestChainNetworkTransport: SubscriptionNetworkTransport {
    public let url: URL
    public let interceptorProvider: any InterceptorProvider
    public let client: any HTTPClient
    /// Headers sent with every request.
    public var additionalHeaders: [String: String]
    /// Queries go as GET requests (with the GraphQL over HTTP spec's query parameters).
    public var useGETForQueries: Bool
    /// Seconds before a request fails with a timeout.
    public var requestTimeout: TimeInterval

    public init(
        url: URL, interceptorProvider: any InterceptorProvider = DefaultInterceptorProvider(),
        client: any HTTPClient = URLSessionClient(), additionalHeaders: [String: String] = [:],
        clientName: String? = nil, clientVersion: String? = nil, useGETForQueries: Bool = false, requestTimeout: TimeInterval = 60
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
        let fetch = NetworkFetch(client: client)
        while true {
            do {
                let response = try await Self.run(request, through: interceptors[...], fetch: fetch.send)
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

    /// Runs `request` through `interceptors`, with `fetch` as the network step at the end.
    static func run<Operation: GraphQLOperation>(
        _ request: HTTPRequest<Operation>, through interceptors: ArraySlice<any Interceptor>, fetch: @escaping Next<Operation>
    ) async throws -> HTTPResponse<Operation> {
        guard let first = interceptors.first else { return try await fetch(request) }
        let rest = interceptors.dropFirst()
        return try await first.intercept(request) { request in try await run(request, through: rest, fetch: fetch) }
    }
}
