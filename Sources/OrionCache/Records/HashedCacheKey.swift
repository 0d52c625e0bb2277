/// A cache key with its hash, computed once: tables keyed by it hash an integer, not the key's
/// text. Equal keys have equal hashes, as `String`'s own hashing gives them (seeded once per run
/// of the app: never stored).
struct HashedCacheKey: Hashable, Sendable {
    let key: CacheKey
    private let hash: Int

    init(_ key: CacheKey) {
        self.key = key
        hash = key.hashValue
    }

    static func == (lhs: HashedCacheKey, rhs: HashedCacheKey) -> Bool {
        lhs.hash == rhs.hash && lhs.key == rhs.key
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
