import Foundation

/// A JSON document read once into a flat index of its values ("tape"): one small entry per value,
/// pointing into the bytes, with no object allocated per value. Strings are decoded only when a
/// model keeps them, numbers only when read.
///
/// Containers store the index just past their last entry, so a reader skips a nested value in
/// one step; an object's entries alternate key, value.
public final class JSONTape: Sendable {
    /// What an entry is.
    @usableFromInline
    enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var kind: Kind
        /// Strings: whether escapes must be decoded. Numbers: whether it has a fraction or exponent.
        @usableFromInline var flag: Bool
        /// Scalars: byte offset. Containers: the entry index just past the container.
        @usableFromInline var first: UInt32
        /// Scalars: byte length. Containers: the number of elements (object: of fields).
        @usableFromInline var second: UInt32

        @usableFromInline
        init(kind: Kind, flag: Bool, first: UInt32, second: UInt32) {
            self.kind = kind
            self.flag = flag
            self.first = first
            self.second = second
        }
    }

    @usableFromInline let bytes: [UInt8]
    @usableFromInline let entries: [Entry]
    /// The GraphQL errors of the response, by the entry of the `null` each one's path leads to:
    /// what fields selected with `@catch` or in a `@catchByDefault` schema look up when they
    /// meet a null. Empty for a response without errors, so that decoding one costs nothing.
    @usableFromInline let fieldErrors: [Int: GraphQLError]

    init(bytes: [UInt8], entries: [Entry], fieldErrors: [Int: GraphQLError] = [:]) {
        self.bytes = bytes
        self.entries = entries
        self.fieldErrors = fieldErrors
    }

    /// Parses JSON text.
    ///
    /// - Throws: `JSONParseError` with the byte offset, line and column of the first problem.
    public convenience init(data: Data) throws(JSONParseError) {
        try self.init(bytes: [UInt8](data))
    }

    /// Parses JSON text already in an array, which the tape keeps without copying.
    package convenience init(bytes: [UInt8]) throws(JSONParseError) {
        var parser = JSONTapeParser(bytes: bytes)
        let entries = try parser.parse()
        self.init(bytes: parser.bytes, entries: entries)
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
