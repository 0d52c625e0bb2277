import Foundation

extension JSONTape {
    /// Calls `body` with a reader of the tape's entries and bytes, valid only during the call.
    ///
    /// What decoding reads through: a reader, and the objects and values read from it, are
    /// plain pointers and indices, so that reading a value retains nothing. A `ResponseValue`,
    /// which holds the tape itself, costs a retain and a release of it for every value made.
    @inlinable @inline(__always)
    package func withReader<Result>(_ body: (TapeReader) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { bytes in
            try entries.withUnsafeBufferPointer { entries in
                try body(TapeReader(tape: self, entries: entries, bytes: bytes))
            }
        }
    }
}

/// A `JSONTape` borrowed for the length of a `withReader` call: the one implementation of
/// reading its entries, which `ResponseValue` and `ResponseObject` call too.
///
/// Its pointers are valid only inside the call that made it: neither it nor anything read
/// from it may be kept after (nothing in the models is: they hold decoded values).
@usableFromInline
package struct TapeReader {
    /// The tape, for what must outlive the read (a `ResponseValue` for a custom scalar) or is
    /// rare (a located GraphQL error). Not retained: the caller of `withReader` holds the tape.
    @usableFromInline unowned(unsafe) let tape: JSONTape
    @usableFromInline let entries: UnsafeBufferPointer<JSONTape.Entry>
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

    @inlinable
    init(tape: JSONTape, entries: UnsafeBufferPointer<JSONTape.Entry>, bytes: UnsafeBufferPointer<UInt8>) {
        self.tape = tape
        self.entries = entries
        self.bytes = bytes
    }

    /// The entry index just past the value at `index`.
    @inlinable @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .object || entry.kind == .array ? Int(entry.first) : index + 1
    }

    /// The text of a string entry, its escapes decoded.
    @inlinable
    func string(_ entry: JSONTape.Entry) -> String {
        if entry.flag { return unescapedString(entry) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.first)..<Int(entry.first + entry.second)]), as: UTF8.self)
    }

    /// The text of a scalar entry as it is written (a number's, for messages and `Double`).
    @usableFromInline
    func text(_ entry: JSONTape.Entry) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.first)..<Int(entry.first + entry.second)]), as: UTF8.self)
    }

    /// An integer without fraction or exponent, when it fits in `Int`.
    @inlinable
    func integer(_ entry: JSONTape.Entry) -> Int? {
        var index = Int(entry.first)
        let end = index + Int(entry.second)
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        while index < end {
            let digit = Int(bytes[index] &- UInt8(ascii: "0"))
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = negative ? multiplied.subtractingReportingOverflow(digit) : multiplied.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = added
            index += 1
        }
        return value
    }

    @usableFromInline
    func double(_ entry: JSONTape.Entry) -> Double? {
        Double(text(entry))
    }

    /// The entry index of the value under the key spelled `keyBytes` in the object at
    /// `object`, searched from `hint` (0 at first) to the object's end and then from its start:
    /// fields looked up in the order the server wrote them (the spec's order, the selections')
    /// are each found at the first key tried.
    ///
    /// `hint` moves past a key only when that key is the one found at it, so every key before
    /// it has been found by an earlier lookup. Lookups of distinct keys (a selection set's
    /// fields) therefore find each key's first occurrence, as a search from the object's start
    /// does, even in an object that repeats a key.
    @inlinable @inline(__always)
    func entryIndex(inObjectAt object: Int, forKey keyBytes: UnsafeBufferPointer<UInt8>, hint: inout Int) -> Int? {
        let start = object + 1
        let end = Int(entries[object].first)
        // A hint is a key of this object, as only a find sets it: any other starts over.
        let from = hint > start && hint < end ? hint : start
        var cursor = from
        while cursor < end {
            if keyMatches(entries[cursor], keyBytes) {
                if cursor == from { hint = next(after: cursor + 1) }
                return cursor + 1
            }
            cursor = next(after: cursor + 1)
        }
        cursor = start
        while cursor < from {
            if keyMatches(entries[cursor], keyBytes) { return cursor + 1 }
            cursor = next(after: cursor + 1)
        }
        return nil
    }

    @inlinable @inline(__always)
    func keyMatches(_ keyEntry: JSONTape.Entry, _ keyBytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if Int(keyEntry.second) == keyBytes.count, !keyEntry.flag {
            guard let base = bytes.baseAddress, let keyBase = keyBytes.baseAddress else { return true }  // both empty
            return memcmp(base + Int(keyEntry.first), keyBase, keyBytes.count) == 0
        }
        return keyEntry.flag && unescapedString(keyEntry) == String(decoding: keyBytes, as: UTF8.self)
    }

    /// A string with escapes decoded (surrogate pairs joined; a lone surrogate becomes U+FFFD).
    @usableFromInline
    func unescapedString(_ entry: JSONTape.Entry) -> String {
        let start = Int(entry.first)
        let end = start + Int(entry.second)
        let bytes = self.bytes
        // Decoded text is never longer than its escaped form (`\u` escapes of 6 or 12 bytes give
        // at most 4), so it is written straight into the string's storage, runs of plain bytes
        // a copy at a time. The parser has checked every escape.
        return String(unsafeUninitializedCapacity: end - start) { output in
            guard let base = bytes.baseAddress else { return 0 }
            var written = 0
            var index = start
            func hex4(_ at: Int) -> UInt32 {
                var value: UInt32 = 0
                for offset in 0..<4 { value = value << 4 | UInt32(JSONTapeParser.hexValue(bytes[at + offset]) ?? 0) }
                return value
            }
            while index < end {
                // The next backslash, found by the C library's vectorized search: escapes are
                // rare in long texts (a GitHub issue's body has one per line). Not searched for
                // right after an escape that another follows (`\r\n` ends each of those lines).
                let run = bytes[index] == UInt8(ascii: "\\") ? index : memchr(base + index, Int32(UInt8(ascii: "\\")), end - index)
                    .map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? end
                if run > index {
                    _ = UnsafeMutableBufferPointer(rebasing: output[written..<written + run - index])
                        .initialize(from: bytes[index..<run])
                    written += run - index
                    index = run
                }
                guard index + 1 < end else { break }
                let escape = bytes[index + 1]
                index += 2
                let decoded: UInt8
                switch escape {
                case UInt8(ascii: "b"): decoded = 0x08
                case UInt8(ascii: "f"): decoded = 0x0C
                case UInt8(ascii: "n"): decoded = 0x0A
                case UInt8(ascii: "r"): decoded = 0x0D
                case UInt8(ascii: "t"): decoded = 0x09
                case UInt8(ascii: "u"):
                    guard index + 4 <= end else { return written }
                    var code = hex4(index)
                    index += 4
                    if (0xD800...0xDBFF).contains(code), index + 6 <= end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        let low = hex4(index + 2)
                        if (0xDC00...0xDFFF).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            index += 6
                        }
                    }
                    for byte in (Unicode.Scalar(code) ?? "\u{FFFD}").utf8 {
                        output[written] = byte
                        written += 1
                    }
                    continue
                default: decoded = escape
                }
                output[written] = decoded
                written += 1
            }
            return written
        }
    }
}
