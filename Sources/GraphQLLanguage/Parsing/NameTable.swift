/// The names one parse has read, each kept as one `String`: a name that comes again (`String`,
/// `id`, `first`, a type used by many fields) is found by its bytes and shared, neither
/// validated as UTF-8 nor allocated again.
///
/// An open-addressing hash table over the source's bytes: an entry is where a name first
/// appeared, so looking one up compares bytes in place and builds nothing.
struct NameTable {
    private struct Entry {
        var start: Int
        var length: Int
        var hash: Int
        var string: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var entries: [Entry] = []
    /// Indices into `entries`, `-1` for an empty slot; the count is a power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 1024)

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        entries.reserveCapacity(512)
    }

    /// The text of `bytes[start..<end]`, which the lexer has checked is a name (ASCII).
    mutating func name(from start: Int, to end: Int) -> String {
        let length = end - start
        let hash = self.hash(start, length)
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if entries[index].hash == hash, entries[index].length == length, sameBytes(entries[index].start, start, length) {
                return entries[index].string
            }
            slot = (slot + 1) & mask
        }
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        slots[slot] = Int32(truncatingIfNeeded: entries.count)
        entries.append(Entry(start: start, length: length, hash: hash, string: string))
        if entries.count * 2 > slots.count { grow() }
        return string
    }

    /// A hash of every byte of the name, a word at a time: hostile input must not be able to
    /// make many names collide (names that differ only in the middle would, with a hash of a
    /// few bytes, turn every lookup into a walk over all of them).
    private func hash(_ start: Int, _ length: Int) -> Int {
        var hash = UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= length {
            hash = (hash ^ word(at: start + offset)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < length {
            tail = tail << 8 | UInt64(bytes[start + offset])
            offset += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The eight bytes at `index`, which the caller keeps within the buffer.
    private func word(at index: Int) -> UInt64 {
        precondition(index >= 0 && index + 8 <= bytes.count)
        return UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
    }

    private func sameBytes(_ first: Int, _ second: Int, _ length: Int) -> Bool {
        var offset = 0
        while offset + 8 <= length {
            if word(at: first + offset) != word(at: second + offset) { return false }
            offset += 8
        }
        while offset < length {
            if bytes[first + offset] != bytes[second + offset] { return false }
            offset += 1
        }
        return true
    }

    /// Doubles the slots and places every entry again.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = entry.hash & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
    }
}
