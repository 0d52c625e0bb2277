import OrionAPI

/// What a cache policy means for one operation: the one reading of ``CachePolicy`` that every
/// path of the client asks (fetches, watchers, mutations, uploads and subscriptions), so that no
/// two paths can disagree on what a policy does.
@usableFromInline
struct CachePlan: Sendable, Hashable {
    /// Whether the cache is read before the server is asked: queries only.
    let readsCache: Bool
    /// Whether a complete cache hit ends the operation, with the cached data as its result.
    /// `false` with `readsCache`: the hit is a first result and the server is asked too.
    let endsOnHit: Bool
    /// Whether the server is asked when the cache lacks data; `false`: the miss is the error.
    let fetchesOnMiss: Bool
    /// Whether a server result is written to the cache.
    @usableFromInline let writesResult: Bool

    @usableFromInline
    init(_ policy: CachePolicy, for operationType: GraphQLOperationType) {
        let isQuery = operationType == .query
        switch policy {
        case .returnCacheDataElseFetch:
            (readsCache, endsOnHit, fetchesOnMiss, writesResult) = (isQuery, true, true, true)
        case .returnCacheDataDontFetch:
            // Only a query can be answered by the cache; anything else goes to the server.
            (readsCache, endsOnHit, fetchesOnMiss, writesResult) = (isQuery, true, !isQuery, true)
        case .returnCacheDataAndFetch:
            (readsCache, endsOnHit, fetchesOnMiss, writesResult) = (isQuery, false, true, true)
        case .fetchIgnoringCacheData:
            (readsCache, endsOnHit, fetchesOnMiss, writesResult) = (false, false, true, true)
        case .fetchIgnoringCacheCompletely:
            (readsCache, endsOnHit, fetchesOnMiss, writesResult) = (false, false, true, false)
        }
    }
}
