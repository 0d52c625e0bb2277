import Foundation
import OrionAPI

/// Answers queries from the store when the request's cache policy allows it and the cache holds
/// all the data; otherwise passes them on (or fails, for `.returnCacheDataDontFetch`).
public struct CacheReadInterceptor: Interceptor {
    public let store: OrionStore

    public init(store: OrionStore) {
        self.store = store
    }

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        guard Operation.operationType == .query else { return try await next(request) }
        switch request.cachePolicy {
        case .returnCacheDataElseFetch:
            guard let cached = try? store.read(query: request.operation) else { return try await next(request) }
            return Self.response(cached)
        case .returnCacheDataDontFetch:
            return Self.response(try store.read(query: request.operation))
        case .fetchIgnoringCacheData, .fetchIgnoringCacheCompletely, .returnCacheDataAndFetch:
            return try await next(request)
        }
    }

    static func response<Operation: GraphQLOperation>(_ data: Operation.Data) -> HTTPResponse<Operation> {
        HTTPResponse(statusCode: 200, headers: [:], body: Data(), result: GraphQLResult(data: data, errors: nil, extensions: nil, source: .cache))
    }
}
