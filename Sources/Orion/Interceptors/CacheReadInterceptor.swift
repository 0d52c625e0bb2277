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
            guard let cached = try? store.readWithDependencies(query: request.operation) else { return try await next(request) }
            return Self.response(cached.data, dependencies: cached.dependencies)
        case .returnCacheDataDontFetch:
            let cached = try store.readWithDependencies(query: request.operation)
            return Self.response(cached.data, dependencies: cached.dependencies)
        case .fetchIgnoringCacheData, .fetchIgnoringCacheCompletely, .returnCacheDataAndFetch:
            return try await next(request)
        }
    }

    /// A response from the cache; `dependencies`: what it was read from, for a watcher.
    static func response<Operation: GraphQLOperation>(_ data: Operation.Data, dependencies: CacheDependencies? = nil) -> HTTPResponse<Operation> {
        var result = GraphQLResult(data: data, errors: nil, extensions: nil, source: .cache)
        result.cacheDependencies = dependencies
        return HTTPResponse(statusCode: 200, headers: [:], body: Data(), result: result)
    }
}
