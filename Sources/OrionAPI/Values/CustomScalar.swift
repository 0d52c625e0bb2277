import Foundation

/// A Swift type a custom scalar maps to (`Long` → `Int64`, `DateTime` → `Date`, or an app's own
/// type): read from and written back to the JSON the server uses.
///
/// Reading fails with a ``ResponseDecodingError`` that says what was expected, never a crash.
public protocol CustomScalarType: ScalarType, ResponseDecodable, JSONObjectConvertible, JSONValueConvertible, Sendable, Hashable {
    /// Reads the scalar from the server's JSON; throw ``CustomScalarError`` when it does not parse.
    init(_jsonValue value: JSONValue) throws
    /// The scalar as the server's JSON.
    var _jsonValue: JSONValue { get }
}

/// A custom scalar value that does not parse.
public struct CustomScalarError: Error, Sendable {
    public let expected: String

    public init(expected: String) {
        self.expected = expected
    }
}

extension CustomScalarType {
    public init(responseValue value: ResponseValue) throws {
        try self.init(decodingJSON: value.decodeJSON())
    }

    /// Reads the scalar, a ``CustomScalarError`` becoming the ``ResponseDecodingError`` of a
    /// response (or cache record) that does not match.
    init(decodingJSON json: JSONValue) throws {
        do {
            try self.init(_jsonValue: json)
        } catch let error as CustomScalarError {
            throw ResponseDecodingError(expected: error.expected, found: json.foundDescription)
        }
    }

    public var jsonObjectValue: Any { _jsonValue.jsonObjectValue }
    public var jsonValue: JSONValue { _jsonValue }
}

extension Int64: CustomScalarType {
    public init(_jsonValue value: JSONValue) throws {
        switch value {
        case .int(let int): self = Int64(int)
        case .string(let string):
            guard let int = Int64(string) else { throw CustomScalarError(expected: "a 64-bit integer") }
            self = int
        default: throw CustomScalarError(expected: "a 64-bit integer")
        }
    }

    public var _jsonValue: JSONValue { Int(exactly: self).map(JSONValue.int) ?? .string(String(self)) }
}

extension Int32: CustomScalarType {
    public init(_jsonValue value: JSONValue) throws {
        guard case .int(let int) = value, let int32 = Int32(exactly: int) else { throw CustomScalarError(expected: "a 32-bit integer") }
        self = int32
    }

    public var _jsonValue: JSONValue { .int(Int(self)) }
}

extension Date: CustomScalarType {
    /// An ISO 8601 date and time, such as `2006-03-24T22:30:00Z` (fractional seconds allowed).
    public init(_jsonValue value: JSONValue) throws {
        guard case .string(let text) = value else { throw CustomScalarError(expected: "an ISO 8601 date") }
        if let date = try? Date(text, strategy: .iso8601) {
            self = date
        } else if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            self = date
        } else {
            throw CustomScalarError(expected: "an ISO 8601 date")
        }
    }

    /// Whole seconds as `2006-03-24T22:30:00Z`; a date with a fraction of a second with its
    /// milliseconds, `2006-03-24T22:30:00.250Z`, so that a date read with them reads back equal.
    /// (Finer fractions keep their milliseconds only: `ISO8601FormatStyle` writes no more.)
    public var _jsonValue: JSONValue {
        let seconds = timeIntervalSince1970
        guard seconds.rounded(.down) != seconds else { return .string(formatted(.iso8601)) }
        return .string(formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
}

extension URL: CustomScalarType {
    public init(_jsonValue value: JSONValue) throws {
        guard case .string(let text) = value, let url = URL(string: text) else { throw CustomScalarError(expected: "a URL") }
        self = url
    }

    public var _jsonValue: JSONValue { .string(absoluteString) }
}

extension JSONValue: CustomScalarType {
    public init(_jsonValue value: JSONValue) throws {
        self = value
    }

    public var _jsonValue: JSONValue { self }
}
