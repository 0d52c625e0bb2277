/// Whether a query is answered from the cache, the server, or both.
public enum CachePolicy: Sendable, Hashable {
    /// The cache when it holds all the data, else the server (and the result is cached).
    case returnCacheDataElseFetch
    /// The server, and the result is cached.
    case fetchIgnoringCacheData
    /// The server, and the cache is neither read nor written.
    case fetchIgnoringCacheCompletely
    /// The cache only; a miss is an error.
    case returnCacheDataDontFetch
    /// The cache first when it holds the data, then the server: two results.
    case returnCacheDataAndFetch
}
