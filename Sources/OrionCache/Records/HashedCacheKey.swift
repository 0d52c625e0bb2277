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

    /// What `Dictionary` and `Set` ask for: the stored hash mixed with the table's seed, which
    /// each table has so that copying one into another does not crowd its buckets. The stored
    /// hash is already `String`'s seeded hash, so a multiply and two shifts mix enough; the
    /// default, `hash(into:)` through a new `Hasher`, ran its whole finish for every lookup
    /// (75 instructions: 1.4 % of a cache write).
    func _rawHashValue(seed: Int) -> Int {
        var mixed = UInt64(truncatingIfNeeded: hash ^ seed)
        mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
        mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }
}
