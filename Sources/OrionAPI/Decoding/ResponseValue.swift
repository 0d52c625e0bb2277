/// A value in a response, read from a `JSONTape`.
///
/// Each `decode…` method throws ``ResponseDecodingError`` (with an empty path, which callers
/// extend) when the value is of another kind.
public struct ResponseValue: Sendable {
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    @inlinable @inline(__always)
    var entry: JSONTape.Entry { tape.entries[index] }

    /// `body` with this value read through the tape's reader, which implements each method.
    @inlinable @inline(__always)
    func read<Result>(_ body: (TapeValue) throws -> Result) rethrows -> Result {
        try tape.withReader { reader in try body(TapeValue(reader: reader, index: index)) }
    }

    /// Whether the value is JSON `null`.
    @inlinable @inline(__always)
    public var isNull: Bool { entry.kind == .null }

    @inlinable
    public func decodeString() throws -> String {
        try read { try $0.decodeString() }
    }

    @inlinable
    public func decodeInt() throws -> Int {
        try read { try $0.decodeInt() }
    }

    @inlinable
    public func decodeDouble() throws -> Double {
        try read { try $0.decodeDouble() }
    }

    @inlinable
    public func decodeBool() throws -> Bool {
        try read { try $0.decodeBool() }
    }

    @inlinable
    public func decodeObject() throws -> ResponseObject {
        ResponseObject(tape: tape, index: try read { try $0.decodeObject() }.index)
    }

    @inlinable
    public func decodeList() throws -> ResponseList {
        ResponseList(tape: tape, index: try read { try $0.decodeList() }.index)
    }

    /// The value as JSON, for custom scalars.
    public func decodeJSON() -> JSONValue {
        read { $0.decodeJSON() }
    }
}

/// The elements of a list in a response.
public struct ResponseList: RandomAccessCollection, Sendable {
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int
    /// Entry indices of the elements, found in one pass.
    @usableFromInline let elementIndices: [Int]

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
        elementIndices = tape.withReader { reader in Array(TapeList(reader: reader, index: index).indices) }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { elementIndices.count }

    @inlinable
    public subscript(position: Int) -> ResponseValue {
        ResponseValue(tape: tape, index: elementIndices[position])
    }
}
