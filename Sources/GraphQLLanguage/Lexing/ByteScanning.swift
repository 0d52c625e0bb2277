extension UnsafeBufferPointer<UInt8> {
    /// The index of the first byte at or after `start` that is `first` or `second`, else `count`.
    ///
    /// Reads sixteen bytes at a time, then eight to place the match: descriptions are most of a
    /// schema's bytes, and the lexer only needs to find where they end and where their lines break.
    @inline(__always)
    func index(of first: UInt8, or second: UInt8, from start: Int) -> Int {
        guard let base = baseAddress else { return count }
        var index = start
        let firstVector = SIMD16<UInt8>(repeating: first)
        let secondVector = SIMD16<UInt8>(repeating: second)
        while index + 16 <= count {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            if any((chunk .== firstVector) .| (chunk .== secondVector)) { break }
            index += 16
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let firstPattern = ones &* UInt64(first)
        let secondPattern = ones &* UInt64(second)
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

    /// The index of the first byte at or after `start` that cannot continue a name (`[_0-9A-Za-z]`),
    /// else `count`.
    ///
    /// Tests eight bytes at a time: names are most of a document's tokens.
    @inline(__always)
    func endOfName(from start: Int) -> Int {
        guard let base = baseAddress else { return count }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // Each test sets a byte's high bit, adding to its low seven bits only, so no sum
            // carries into the next byte: `x + (0x80 - lo) ≥ 0x80` when x ≥ lo, and
            // `x + (0x7F - hi) ≥ 0x80` when x > hi. Letters are folded to lower case first.
            let low = word & ~highs
            let folded = low | (ones &* 0x20)
            let digit = (low &+ ones &* (0x80 - 0x30)) & ~(low &+ ones &* (0x7F - 0x39))
            let letter = (folded &+ ones &* (0x80 - 0x61)) & ~(folded &+ ones &* (0x7F - 0x7A))
            let notUnderscore = (low ^ (ones &* 0x5F)) &+ ones &* 0x7F
            // Non-ASCII bytes (high bit set in `word`) end a name too.
            let name = (digit | letter | ~notUnderscore) & ~word & highs
            if name != highs { return index + (~name & highs).trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count, isNameContinue(base[index]) { index += 1 }
        return index
    }
}
