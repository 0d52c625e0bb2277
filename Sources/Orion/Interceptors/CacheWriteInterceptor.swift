import Foundation
import OrionAPI
import OrionCache

/// Writes the data of every server response into the store, unless the cache policy says
/// to leave the cache alone. Partial data (with errors) is written too: what the server did
/// resolve is true. The response's `Cache-Control: max-age` bounds how long the written fields
/// stay fresh.
public struct CacheWriteInterceptor: Interceptor {
    public let store: OrionStore

    public init(store: OrionStore) {
        self.store = store
    }

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        var response = try await next(request)
        guard request.cachePolicy != .fetchIgnoringCacheCompletely, response.result?.source == .server, let data = response.dataObject else {
            return response
        }
        let cacheControl = response.headers.first { $0.key.caseInsensitiveCompare("Cache-Control") == .orderedSame }?.value
        let maxAge = cacheControl.flatMap(CacheExpiration.maxAge(cacheControl:))
        if store.hasSubscribers {
            // What it wrote, for a watcher, which then need not read the result back to learn it.
            response.result?.cacheDependencies = try store.writeTrackingDependencies(data: data, for: request.operation, maxAge: maxAge)
        } else {
            try store.write(data: data, for: request.operation, maxAge: maxAge)
        }
        return response
    }
}
