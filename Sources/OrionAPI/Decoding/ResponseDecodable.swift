import Foundation

/// A type generated code reads from a response: scalars, enums, custom scalars, selection sets,
/// and optionals and lists of them.
public protocol ResponseDecodable {
    /// Reads the value; throws ``ResponseDecodingError`` on a mismatch.
    init(responseValue value: ResponseValue) throws

    /// The value of a field the response does not contain: an error for non-null types.
    static func decodeMissing() throws -> Self
}

extension ResponseDecodable {
    public static func decodeMissing() throws -> Self {
        throw ResponseDecodingError(expected: "\(Self.self)", found: ResponseDecodingError.missing)
    }
}

/// A custom scalar or enum written back as `JSONSerialization` values (a model's `jsonObject`).
public protocol JSONObjectConvertible {
    /// The value as `JSONSerialization` would have parsed it.
    var jsonObjectValue: Any { get }
}

extension String: ResponseDecodable {
    @inlinable
    public init(responseValue value: ResponseValue) throws { self = try value.decodeString() }
}

extension Int: ResponseDecodable {
    @inlinable
    public init(responseValue value: ResponseValue) throws { self = try value.decodeInt() }
}

extension Double: ResponseDecodable {
    @inlinable
    public init(responseValue value: ResponseValue) throws { self = try value.decodeDouble() }
}

extension Bool: ResponseDecodable {
    @inlinable
    public init(responseValue value: ResponseValue) throws { self = try value.decodeBool() }
}

extension Optional: ResponseDecodable where Wrapped: ResponseDecodable {
    @inlinable
    public init(responseValue value: ResponseValue) throws {
        self = value.isNull ? nil : try Wrapped(responseValue: value)
    }

    @inlinable
    public static func decodeMissing() throws -> Self { nil }
}

extension Array: ResponseDecodable where Element: ResponseDecodable {
    @inlinable
    public init(responseValue value: ResponseValue) throws {
        let elements = try value.decodeList()
        var array: [Element] = []
        array.reserveCapacity(elements.count)
        for element in elements {
            do {
                array.append(try Element(responseValue: element))
            } catch let error as ResponseDecodingError {
                throw error.prefixed(by: .index(array.count))
            }
        }
        self = array
    }
}
