import Foundation

/// An object in a response, read from a `JSONTape`: what generated selection sets decode from.
public struct ResponseObject: Sendable {
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// Parses a JSON object.
    ///
    /// - Throws: `JSONParseError` for text that is not JSON, ``ResponseDecodingError`` for JSON
    ///   that is not an object.
    public init(jsonData: Data) throws {
        let tape = try JSONTape(data: jsonData)
        self = try tape.root.decodeObject()
    }

    /// The value under `key`, or `nil` when the object has no such key.
    @inlinable
    public func value(forKey key: String) -> ResponseValue? {
        withTapeObject { $0.value(forKey: key)?.index }.map { ResponseValue(tape: tape, index: $0) }
    }

    /// The value under `key`, which has no quote: for keys known where the code is written (a
    /// protocol's), looked up without a check of the key for quotes.
    @inlinable
    package func value(forKey key: StaticString) -> ResponseValue? {
        withTapeObject { $0.value(forKey: key)?.index }.map { ResponseValue(tape: tape, index: $0) }
    }

    /// The value of `field`, searched from `hint` as decoding searches (see
    /// ``TapeReader/entryIndex(inObjectAt:forKey:hint:)``): what the JSON tape's fuzz target
    /// checks against ``value(forKey:)``.
    package func value(for field: Selection.Field, hint: inout KeySearchHint) -> ResponseValue? {
        withTapeObject { $0.value(for: field, hint: &hint)?.index }.map { ResponseValue(tape: tape, index: $0) }
    }

    /// Calls `body` with this object read through the tape's reader, valid only during the call:
    /// for walks of a whole response (the normalizer's) that read many values.
    @inlinable
    package func withTapeObject<Result>(_ body: (TapeObject) throws -> Result) rethrows -> Result {
        try tape.withReader { reader in try body(TapeObject(reader: reader, index: index)) }
    }

    /// Calls `body` with each field in order.
    public func forEachField(_ body: (String, ResponseValue) throws -> Void) rethrows {
        try tape.withReader { reader in
            try TapeObject(reader: reader, index: index).forEachField { key, value in
                try body(key, ResponseValue(tape: tape, index: value.index))
            }
        }
    }

    /// Decodes the field under `key`; errors carry the key in their path.
    @inlinable
    public func field<T: ResponseDecodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        do {
            guard let value = value(forKey: key) else { return try T.decodeMissing() }
            return try T(responseValue: value)
        } catch let error as ResponseDecodingError {
            throw error.prefixed(by: .key(key))
        }
    }
}
