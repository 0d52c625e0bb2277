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
        return entry.kind == .object || entry.kind == .array ? Int(entry.second) : index + 1
    }

    /// The entry index of the value of the object member whose entries start at `member`: the
    /// member's own, unless its key has an entry before it.
    @inlinable @inline(__always)
    func memberValue(at member: Int) -> Int {
        entries[member].kind == .key ? member + 1 : member
    }

    /// The text of a string entry, its escapes decoded.
    @inlinable
    func string(_ entry: JSONTape.Entry) -> String {
        if entry.flag { return unescapedString(entry) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset + entry.second)]), as: UTF8.self)
    }

    /// The text of a scalar entry as it is written (a number's, for messages and `Double`).
    @usableFromInline
    func text(_ entry: JSONTape.Entry) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset + entry.second)]), as: UTF8.self)
    }

    /// An integer without fraction or exponent, when it fits in `Int`.
    @inlinable
    func integer(_ entry: JSONTape.Entry) -> Int? {
        var index = Int(entry.offset)
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
    /// `object`, looked up with `hint`, kept between the lookups of one selection set's fields:
    /// first among the members the hint has skipped, then from the member after the last one
    /// found to the object's end, then from its start.
    ///
    /// Every member before `hint.next` that the hint has not skipped has a key found by an
    /// earlier lookup. Lookups of distinct keys (a selection set's fields) therefore find each
    /// key's first occurrence, as a search from the object's start does, even in an object that
    /// repeats a key: a member is passed over into the skipped ones only when they can hold it
    /// (they end where the pass began), else the hint stays where it was.
    ///
    /// `keyBytes` has no quote (a response key is a GraphQL name); `TapeObject.value(forKey:)`
    /// looks up any other key.
    @inlinable @inline(__always)
    func entryIndex(inObjectAt object: Int, forKey keyBytes: UnsafeBufferPointer<UInt8>, hint: inout KeySearchHint) -> Int? {
        let start = object + 1
        let end = Int(entries[object].second)
        if hint.next == 0 { hint.next = start }
        var cursor = hint.skippedStart
        while cursor < hint.skippedEnd {
            let value = memberValue(at: cursor)
            if keyMatches(member: cursor, value: value, keyBytes) {
                if cursor == hint.skippedStart { hint.skippedStart = next(after: value) }
                return value
            }
            cursor = next(after: value)
        }
        let from = hint.next
        cursor = from
        while cursor < end {
            let value = memberValue(at: cursor)
            if keyMatches(member: cursor, value: value, keyBytes) {
                if cursor == from {
                    hint.next = next(after: value)
                } else if hint.skippedStart == hint.skippedEnd || hint.skippedEnd == from {
                    if hint.skippedStart == hint.skippedEnd { hint.skippedStart = from }
                    hint.skippedEnd = cursor
                    hint.next = next(after: value)
                }
                return value
            }
            cursor = next(after: value)
        }
        // A key looked up again, or one no member after the hint has.
        cursor = start
        while cursor < from {
            let value = memberValue(at: cursor)
            if keyMatches(member: cursor, value: value, keyBytes) { return value }
            cursor = next(after: value)
        }
        return nil
    }

    /// Whether the key of the member at `member`, whose value is at `value`, is `keyBytes`,
    /// which has no quote.
    ///
    /// A key without an entry has no backslash, so its opening quote is the first quote before
    /// its closing one. `keyBytes` has none either: the bytes before the closing quote that
    /// equal it lie inside the key, and the quote before them is the key's opening one.
    @inlinable @inline(__always)
    func keyMatches(member: Int, value: Int, _ keyBytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if member != value { return string(entries[member]) == String(decoding: keyBytes, as: UTF8.self) }
        let closingQuote = keyClosingQuote(before: entries[value])
        let openingQuote = closingQuote - keyBytes.count - 1
        guard openingQuote >= 0, bytes[openingQuote] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return false }
        guard let keyBase = keyBytes.baseAddress else { return true }  // an empty key
        return memcmp(base + openingQuote + 1, keyBase, keyBytes.count) == 0
    }

    /// The offset of the closing quote of the key before the member value `entry` (which has no
    /// key entry): the value's text follows `"key":`, with whitespace around the colon.
    @inlinable @inline(__always)
    func keyClosingQuote(before entry: JSONTape.Entry) -> Int {
        var index = entry.textStart - 1
        // Compact JSON first: the colon just before the value, the quote just before it.
        if bytes[index] == UInt8(ascii: ":"), bytes[index - 1] == UInt8(ascii: "\"") { return index - 1 }
        while Self.isWhitespace(bytes[index]) { index -= 1 }
        index -= 1  // the colon
        while Self.isWhitespace(bytes[index]) { index -= 1 }
        return index
    }

    @inlinable @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The key of the member whose entries start at `member`, its escapes decoded.
    @usableFromInline
    func key(ofMember member: Int) -> String {
        let value = memberValue(at: member)
        if member != value { return string(entries[member]) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[plainKey(before: value)]), as: UTF8.self)
    }

    /// Where the text of the key before the member value at `value` lies, between its quotes:
    /// a key without an entry, so without escapes or quotes in it.
    @usableFromInline
    func plainKey(before value: Int) -> Range<Int> {
        let closingQuote = keyClosingQuote(before: entries[value])
        var openingQuote = closingQuote - 1
        while bytes[openingQuote] != UInt8(ascii: "\"") { openingQuote -= 1 }
        return openingQuote + 1..<closingQuote
    }

    /// A string with escapes decoded (surrogate pairs joined; a lone surrogate becomes U+FFFD).
    @usableFromInline
    func unescapedString(_ entry: JSONTape.Entry) -> String {
        let start = Int(entry.offset)
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
