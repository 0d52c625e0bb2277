import OrionAPI

/// Writes the data of every server response into the store, unless the cache policy says
/// to leave the cache alone. Partial data (with errors) is written too: what the server did
/// resolve is true.
public struct CacheWriteInterceptor: Interceptor {
    public let store: OrionStore

    public init(store: OrionStore) {
        self.store = store
    }

    public func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        let response = try await next(request)
        if request.cachePolicy != .fetchIgnoringCacheCompletely, response.result?.source == .server, let data = response.dataObject {
            try store.write(data: data, for: request.operation)
        }
        return response
    }
}
