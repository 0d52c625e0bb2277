extension UnsafeBufferPointer<UInt8> {
    /// The index of the first byte at or after `start` that is `first` or `second`, else `count`.
    ///
    /// Reads eight bytes at a time: descriptions are most of a schema's bytes, and the lexer only
    /// needs to find where they end and where their lines break.
    @inline(__always)
    func index(of first: UInt8, or second: UInt8, from start: Int) -> Int {
        guard let base = baseAddress else { return count }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let firstPattern = ones &* UInt64(first)
        let secondPattern = ones &* UInt64(second)
        var index = start
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // A byte of `x` is zero where the word matched; the lowest flagged byte is exact
            // (borrows only flag bytes above a real match).
            let x = word ^ firstPattern
            let y = word ^ secondPattern
            let matches = (((x &- ones) & ~x) | ((y &- ones) & ~y)) & highs
            if matches != 0 { return index + matches.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count, base[index] != first, base[index] != second { index += 1 }
        return index
    }
}
