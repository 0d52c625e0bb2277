import Foundation
@testable import OrionCache
import Testing

/// The hash a cache key keeps: equal for keys Swift takes for equal strings, however they are
/// spelled, and spread over a table's buckets for keys that differ anywhere.
@Suite struct HashedCacheKeyTests {
    /// Every non-ASCII character that equals an ASCII one as a string (found by asking `String`,
    /// over every scalar) hashes as that character, alone and inside keys of every length the
    /// hash reads differently (short, one word, overlapping words, blocks of sixteen).
    @Test func charactersEqualToASCIIOnesHashAsThem() {
        var asciiByHash: [Int: String] = [:]
        for byte in UInt8(0)..<0x80 {
            let string = String(UnicodeScalar(byte))
            asciiByHash[string.hashValue] = string
        }
        var equals: [(String, String)] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let string = String(Character(scalar))
            if let ascii = asciiByHash[string.hashValue], ascii == string { equals.append((string, ascii)) }
        }
        #expect(equals.count == 3, "KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA: \(equals.map(\.1))")
        for (other, ascii) in equals {
            for prefix in ["", "T:", "Measure:1234", "QUERY_ROOT.reading(unit:", String(repeating: "x", count: 40)] {
                let spelled = prefix + other + "!", plain = prefix + ascii + "!"
                #expect(spelled == plain)
                #expect(HashedCacheKey.hash(of: spelled) == HashedCacheKey.hash(of: plain), "\(plain)")
                #expect(HashedCacheKey(spelled) == HashedCacheKey(plain))
            }
        }
    }

    /// `é` precomposed and `e` with a combining accent: equal strings, one of them longer.
    @Test func canonicallyEqualNonASCIIKeysHashAlike() {
        for prefix in ["", "P:", String(repeating: "QUERY_ROOT.person.", count: 5)] {
            #expect(HashedCacheKey.hash(of: prefix + "é") == HashedCacheKey.hash(of: prefix + "e\u{301}"))
            #expect(HashedCacheKey.hash(of: prefix + "K\u{301}") == HashedCacheKey.hash(of: prefix + "\u{212A}\u{301}"))
        }
    }

    /// Keys of every length up to 70 bytes that differ in one byte (each position in turn) all
    /// hash apart, and 10,000 keys like a response's spread over the buckets of a table.
    @Test func keysThatDifferAnywhereHashApart() {
        var hashes = Set<Int>()
        var keyCount = 0
        for length in 0...70 {
            let base = Array(repeating: UInt8(ascii: "a"), count: length)
            hashes.insert(HashedCacheKey.hash(of: String(decoding: base, as: UTF8.self)))
            keyCount += 1
            for position in 0..<length {
                var changed = base
                changed[position] = UInt8(ascii: "b")
                hashes.insert(HashedCacheKey.hash(of: String(decoding: changed, as: UTF8.self)))
                keyCount += 1
            }
        }
        #expect(hashes.count == keyCount)

        let keys = (0..<10_000).map { index in
            index.isMultiple(of: 2)
                ? "Launch:\(index)"
                : "QUERY_ROOT.repository(name:orion,owner:apple).issues(first:100).nodes.\(index % 100).comments(first:50).nodes.\(index / 100)"
        }
        for seed in [0, 1, 0x5EED] {
            let buckets = Set(keys.map { HashedCacheKey($0)._rawHashValue(seed: seed) & 1023 })
            // 10,000 keys over 1,024 buckets leave about none empty; 1,000 filled is far below chance.
            #expect(buckets.count > 1_000, "seed \(seed): \(buckets.count) of 1,024 buckets")
        }
        #expect(HashedCacheKey(keys[1])._rawHashValue(seed: 0) != HashedCacheKey(keys[1])._rawHashValue(seed: 1))
    }
}
