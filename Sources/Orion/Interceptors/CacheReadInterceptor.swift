import Foundation
import OrionAPI
import OrionCache

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
            guard let cached = try? read(request.operation) else { return try await next(request) }
            return cached
        case .returnCacheDataDontFetch:
            return try read(request.operation)
        case .fetchIgnoringCacheData, .fetchIgnoringCacheCompletely, .returnCacheDataAndFetch:
            return try await next(request)
        }
    }

    /// The query from the cache, with what it was read from when a watcher may want it.
    private func read<Operation: GraphQLOperation>(_ operation: Operation) throws -> HTTPResponse<Operation> {
        guard store.hasSubscribers else { return Self.response(try store.read(query: operation)) }
        let cached = try store.readWithDependencies(query: operation)
        return Self.response(cached.data, dependencies: cached.dependencies)
    }

    /// A response from the cache; `dependencies`: what it was read from, for a watcher.
    static func response<Operation: GraphQLOperation>(_ data: Operation.Data, dependencies: CacheDependencies? = nil) -> HTTPResponse<Operation> {
        var result = GraphQLResult(data: data, errors: nil, extensions: nil, source: .cache)
        result.cacheDependencies = dependencies
        return HTTPResponse(statusCode: 200, headers: [:], body: Data(), result: result)
    }
}
