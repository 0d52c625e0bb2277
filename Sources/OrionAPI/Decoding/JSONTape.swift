import Foundation

/// A JSON document read once into a flat index of its values ("tape"): one small entry per value,
/// pointing into the bytes, with no object allocated per value. Strings are decoded only when a
/// model keeps them, numbers only when read.
///
/// Containers store the index just past their last entry, so a reader skips a nested value in
/// one step. An object's members have no entries of their own: a member is its value's entry,
/// and its key is read from the text just before the value (`"key":`), which the value's entry
/// points at. Only a key with escapes, rare in responses, has an entry (`Kind.key`), just
/// before its value's: the tape is then about half the entries of a key-and-value layout, which
/// is what a large response's peak memory and the parser's writes are made of.
public final class JSONTape: Sendable {
    /// What an entry is.
    @usableFromInline
    enum Kind: UInt8, Sendable, CaseIterable {
        case null, `true`, `false`, number, string, array, object
        /// An object member's key that has escapes, just before the member's value: the only
        /// entry that is not a value. A key without escapes has no entry.
        case key
    }

    /// Eight bytes: a large response's tape is smaller than its text.
    @usableFromInline
    struct Entry: Sendable {
        /// The byte offset of the value's text: of a string's first byte after its quote, of a
        /// container's bracket, of a number's or literal's first byte.
        @usableFromInline var offset: UInt32
        /// `second` in the low 28 bits, the kind in the next three, the flag in the top one.
        @usableFromInline var packed: UInt32

        /// The largest `second`: a scalar of 256 MB, a tape of 268 million entries.
        @usableFromInline static let maximumSecond = 1 << 28 - 1

        @usableFromInline
        init(kind: Kind, flag: Bool, offset: UInt32, second: UInt32) {
            precondition(second <= Self.maximumSecond, "a JSON value too long for the tape: the parser refuses it first")
            self.offset = offset
            self.packed = second | UInt32(kind.rawValue) << 28 | (flag ? 1 << 31 : 0)
        }

        /// Each of the eight values of the three bits is a kind, so the bits are read as one
        /// without a check (a checked `Kind(rawValue:)` of eight cases is a call).
        @inlinable @inline(__always)
        var kind: Kind { unsafeBitCast(UInt8(truncatingIfNeeded: packed >> 28) & 0x7, to: Kind.self) }

        /// Strings and keys: whether escapes must be decoded. Numbers: whether it has a fraction
        /// or exponent.
        @inlinable
        var flag: Bool { packed & 0x8000_0000 != 0 }

        /// Scalars and keys: byte length. Containers: the entry index just past the container.
        @inlinable
        var second: UInt32 {
            get { packed & 0x0FFF_FFFF }
            set {
                precondition(newValue <= Self.maximumSecond, "a JSON value too long for the tape: the parser refuses it first")
                packed = packed & 0xF000_0000 | newValue
            }
        }

        /// The byte offset where the value's text starts: a string's quote, else `offset`.
        @inlinable @inline(__always)
        var textStart: Int { Int(offset) - (kind == .string ? 1 : 0) }
    }

    @usableFromInline let bytes: JSONBytes
    @usableFromInline let entries: [Entry]
    /// The GraphQL errors of the response, by the entry of the `null` each one's path leads to:
    /// what fields selected with `@catch` or in a `@catchByDefault` schema look up when they
    /// meet a null. Empty for a response without errors, so that decoding one costs nothing.
    @usableFromInline let fieldErrors: [Int: GraphQLError]

    init(bytes: JSONBytes, entries: [Entry], fieldErrors: [Int: GraphQLError] = [:]) {
        self.bytes = bytes
        self.entries = entries
        self.fieldErrors = fieldErrors
    }

    /// Parses JSON text, which the tape keeps and reads in place, without copying. (Decoding
    /// reads it through a `TapeReader`, which checks the `Data`'s storage once per decode, not
    /// per value: a copy into an array no longer reads faster.)
    ///
    /// - Throws: `JSONParseError` with the byte offset, line and column of the first problem.
    public convenience init(data: Data) throws(JSONParseError) {
        try self.init(parsing: .data(data))
    }

    /// Parses JSON text already in an array, which the tape keeps without copying.
    package convenience init(bytes: [UInt8]) throws(JSONParseError) {
        try self.init(parsing: .array(bytes))
    }

    /// Parses JSON text in a `String` (a WebSocket message), which the tape keeps and reads in
    /// place: its UTF-8 storage, made native first if it is not (a bridged string).
    package convenience init(string: String) throws(JSONParseError) {
        var text = string
        text.makeContiguousUTF8()
        try self.init(parsing: .string(text))
    }

    private convenience init(parsing bytes: JSONBytes) throws(JSONParseError) {
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONTapeParser(bytes: buffer)
            return Result { () throws(JSONParseError) in try parser.parse() }
        }
        self.init(bytes: bytes, entries: try parsed.get())
    }

    /// The document's top-level value.
    public var root: ResponseValue { ResponseValue(tape: self, index: 0) }
}

/// JSON text that does not parse.
public struct JSONParseError: Error, Sendable, Hashable, OrionError {
    public var message: String
    /// The byte offset of the problem.
    public var offset: Int
    public var line: Int
    public var column: Int

    public var description: String { "Invalid JSON at line \(line), column \(column): \(message)" }
}
