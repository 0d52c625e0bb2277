/// A cache key with its hash, computed once: tables keyed by it hash an integer, not the key's
/// text. Keys equal as strings (`é` precomposed or as `e` and an accent) have equal hashes; the
/// hash is seeded once per run of the app, and never stored.
struct HashedCacheKey: Hashable, Sendable {
    let key: CacheKey
    private let hash: Int

    init(_ key: CacheKey) {
        self.key = key
        hash = Self.hash(of: key)
    }

    static func == (lhs: HashedCacheKey, rhs: HashedCacheKey) -> Bool {
        lhs.hash == rhs.hash && lhs.key == rhs.key
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// What `Dictionary` and `Set` ask for, without a new `Hasher` run to its finish for every
    /// lookup (75 instructions: 1.4 % of a cache write): see ``TableHash``.
    func _rawHashValue(seed: Int) -> Int {
        TableHash.mix(hash, seed: seed)
    }

    /// A key's hash: of its bytes when it is ASCII, as nearly every key is, and `String`'s
    /// otherwise.
    ///
    /// `String` hashes with SipHash, about 2.5 instructions a byte, and a GitHub path key
    /// (`QUERY_ROOT.repository(…).issues(…).nodes.3.comments(…)…`) is 100 to 300 bytes: hashing
    /// the keys was 6 % of writing a GitHub response to the cache. Sixteen bytes at a time,
    /// each block folded into the state by one wide multiply with a per-run secret (wyhash's
    /// step), cost a fifth of that.
    ///
    /// Equal strings must hash alike, and three non-ASCII characters equal ASCII ones as
    /// strings: U+212A KELVIN SIGN is `K`, U+037E GREEK QUESTION MARK `;` and U+1FEF GREEK VARIA
    /// a backtick (their canonical decompositions). A key made of ASCII and those is hashed as
    /// its ASCII spelling; any other non-ASCII key equals no ASCII key and takes `String`'s
    /// hash, which canonical equivalence already respects. `HashedCacheKeyTests` asks `String`
    /// about every scalar, so a Unicode version that added a fourth would fail it.
    static func hash(of key: CacheKey) -> Int {
        let ascii = key.utf8.withContiguousStorageIfAvailable { hash(ascii: UnsafeRawBufferPointer($0)) }
            ?? Array(key.utf8).withUnsafeBytes(hash(ascii:))
        if let ascii { return ascii }
        var spelled: [UInt8] = []
        spelled.reserveCapacity(key.utf8.count)
        for scalar in key.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: spelled.append(UInt8(truncatingIfNeeded: scalar.value))
            case 0x212A: spelled.append(UInt8(ascii: "K"))
            case 0x037E: spelled.append(UInt8(ascii: ";"))
            case 0x1FEF: spelled.append(UInt8(ascii: "`"))
            default: return key.hashValue
            }
        }
        return spelled.withUnsafeBytes(hash(ascii:)) ?? key.hashValue
    }

    /// The hash of `bytes`, or nil if one is not ASCII.
    private static func hash(ascii bytes: UnsafeRawBufferPointer) -> Int? {
        // Read once: each read of a `static let` is a call on Linux.
        let secret = Secret.drawn
        let count = bytes.count
        var state = secret.seed ^ UInt64(truncatingIfNeeded: count)
        var highBits: UInt64 = 0
        var offset = 0
        while count - offset > 16 {
            let first = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let second = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
            highBits |= first | second
            state = fold(first ^ secret.first, second ^ state)
            offset += 16
        }
        // The last 1 to 16 bytes: two words that may overlap, or the bytes of a short key.
        var first: UInt64 = 0
        var second: UInt64 = 0
        if count - offset >= 8 {
            first = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            second = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for index in offset..<count {
                let byte = UInt64(bytes[index])
                if index - offset < 4 {
                    first |= byte << (8 * UInt64(index - offset))
                } else {
                    second |= byte << (8 * UInt64(index - offset - 4))
                }
            }
        }
        highBits |= first | second
        guard highBits & 0x8080_8080_8080_8080 == 0 else { return nil }
        state = fold(first ^ secret.first, second ^ state)
        return Int(truncatingIfNeeded: fold(state ^ secret.second, UInt64(truncatingIfNeeded: count) ^ secret.first))
    }

    /// The two halves of the full product, folded together.
    @inline(__always)
    private static func fold(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
        let (high, low) = lhs.multipliedFullWidth(by: rhs)
        return high ^ low
    }

    /// Secrets drawn from `Hasher`'s seed: new each run, fixed under
    /// `SWIFT_DETERMINISTIC_HASHING`, as `String`'s hashes are.
    private struct Secret {
        static let drawn = Secret()

        let seed = draw(0)
        // Odd, and with bits throughout, so that a product keeps what it multiplies.
        let first = draw(1) | 0x0101_0101_0101_0101
        let second = draw(2) | 0x0101_0101_0101_0101

        private static func draw(_ index: Int) -> UInt64 {
            var hasher = Hasher()
            hasher.combine(index)
            return UInt64(truncatingIfNeeded: hasher.finalize())
        }
    }
}
