/// A hash already computed (a key's, kept with it) or already spread (an object's address),
/// mixed with a table's seed: what a key type that `Dictionary` and `Set` look up often gives
/// them as its `_rawHashValue(seed:)`, in place of the default's `Hasher`, whose finish is
/// 75 instructions and a call.
///
/// Each table has a seed of its own so that copying one into another does not crowd its
/// buckets; a multiply and shifts mix the seed in enough for that, and spread the low bits
/// an address lacks.
enum TableHash {
    @inline(__always)
    static func mix(_ hash: Int, seed: Int) -> Int {
        var mixed = UInt64(truncatingIfNeeded: hash ^ seed)
        mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
        mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }
}
