/// The names one parse has read, each kept as one `String`: a name that comes again (`String`,
/// `id`, `first`, a type used by many fields) is found by its bytes and shared, neither
/// validated as UTF-8 nor allocated again.
///
/// An open-addressing hash table over the source's bytes: a key is where a name first appeared
/// and its first eight bytes, so looking one up compares a word or two in place and builds nothing.
struct NameTable {
    private struct Key {
        var start: Int
        var length: Int
        /// The name's first eight bytes (all of a shorter one), first byte lowest.
        var head: UInt64
        /// Its next eight bytes, zero where it has none: with `head`, all of most names.
        var second: UInt64
        var hash: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Kept apart from the strings, so that a lookup reads plain words until it has a match.
    private var keys: [Key] = []
    private var strings: [String] = []
    /// Indices into `keys` and `strings`, `-1` for an empty slot; the count is a power of two,
    /// at most half full.
    private var slots: [Int32]

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // Sized for the source, so that the table seldom grows: schemas have about one distinct
        // name per 250 bytes.
        let expected = max(512, bytes.count / 256)
        slots = [Int32](repeating: -1, count: 1 << (Int.bitWidth - (2 * expected - 1).leadingZeroBitCount))
        keys.reserveCapacity(expected)
        strings.reserveCapacity(expected)
    }

    /// The text of `bytes[start..<end]`, which the lexer has checked is a name (ASCII).
    // Offsets come from tokens inside `bytes`, so the arithmetic below wraps instead of checking.
    @inline(__always)
    mutating func name(from start: Int, to end: Int) -> String {
        let length = end &- start
        let head = word(at: start, count: min(length, 8))
        let second = length > 8 ? word(at: start &+ 8, count: min(length &- 8, 8)) : 0
        let hash = self.hash(head: head, second: second, start: start, length: length)
        let mask = slots.count &- 1
        var slot = hash & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { break }
            let key = keys[index]
            if key.hash == hash, key.head == head, key.second == second, key.length == length,
               length <= 16 || sameBytes(key.start &+ 16, start &+ 16, length &- 16) {
                return strings[index]
            }
            slot = (slot &+ 1) & mask
        }
        return insert(Key(start: start, length: length, head: head, second: second, hash: hash), slot: slot)
    }

    /// Records a name seen for the first time, in the empty `slot` its probe ended at.
    private mutating func insert(_ key: Key, slot: Int) -> String {
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[key.start..<(key.start + key.length)]), as: UTF8.self)
        slots[slot] = Int32(truncatingIfNeeded: keys.count)
        keys.append(key)
        strings.append(string)
        if keys.count * 2 > slots.count { grow() }
        return string
    }

    /// A hash of every byte of the name, a word at a time: hostile input must not be able to
    /// make many names collide (names that differ only in the middle would, with a hash of a
    /// few bytes, turn every lookup into a walk over all of them).
    @inline(__always)
    private func hash(head: UInt64, second: UInt64, start: Int, length: Int) -> Int {
        var hash = (UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15 ^ head) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash &>> 31
        hash = (hash ^ second) &* 0x94D0_49BB_1331_11EB
        var offset = 16
        while offset < length {
            hash ^= hash &>> 31
            hash = (hash ^ word(at: start &+ offset, count: min(length &- offset, 8))) &* 0x94D0_49BB_1331_11EB
            offset &+= 8
        }
        return Int(truncatingIfNeeded: hash ^ (hash &>> 29))
    }

    /// The `count` (1...8) bytes at `index` as a word, first byte lowest: one load when eight
    /// bytes fit before the buffer's end, which is nearly always.
    @inline(__always)
    private func word(at index: Int, count: Int) -> UInt64 {
        guard index &+ 8 <= bytes.count else { return tailWord(at: index, count: count) }
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self))
        return word & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count))
    }

    /// `word(at:count:)` for the last few bytes of the source, read one at a time.
    private func tailWord(at index: Int, count: Int) -> UInt64 {
        var word: UInt64 = 0
        for offset in 0..<count { word |= UInt64(bytes[index + offset]) << (8 * offset) }
        return word
    }

    @inline(__always)
    private func sameBytes(_ first: Int, _ second: Int, _ length: Int) -> Bool {
        var offset = 0
        while offset < length {
            let count = min(length &- offset, 8)
            if word(at: first &+ offset, count: count) != word(at: second &+ offset, count: count) { return false }
            offset &+= 8
        }
        return true
    }

    /// Doubles the slots and places every key again.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, key) in keys.enumerated() {
            var slot = key.hash & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
    }
}
