import Foundation

/// A type generated code reads from a response: scalars, enums, custom scalars, selection sets,
/// and optionals and lists of them.
public protocol ResponseDecodable {
    /// Reads the value; throws ``ResponseDecodingError`` on a mismatch.
    init<Value: ResponseValueReader>(responseValue value: Value) throws

    /// The value of a field the response does not contain: an error for non-null types.
    static func decodeMissing() throws -> Self
}

extension ResponseDecodable {
    public static func decodeMissing() throws -> Self {
        throw ResponseDecodingError(expected: "\(Self.self)", found: ResponseDecodingError.missing)
    }
}

/// A type generated code writes back as `JSONSerialization` values (`jsonObject`).
public protocol JSONObjectConvertible {
    /// The value as `JSONSerialization` would have parsed it.
    var jsonObjectValue: Any { get }
}

extension String: ResponseDecodable, JSONObjectConvertible {
    public init<Value: ResponseValueReader>(responseValue value: Value) throws { self = try value.decodeString() }
    public var jsonObjectValue: Any { self }
}

extension Int: ResponseDecodable, JSONObjectConvertible {
    public init<Value: ResponseValueReader>(responseValue value: Value) throws { self = try value.decodeInt() }
    public var jsonObjectValue: Any { self }
}

extension Double: ResponseDecodable, JSONObjectConvertible {
    public init<Value: ResponseValueReader>(responseValue value: Value) throws { self = try value.decodeDouble() }
    public var jsonObjectValue: Any { self }
}

extension Bool: ResponseDecodable, JSONObjectConvertible {
    public init<Value: ResponseValueReader>(responseValue value: Value) throws { self = try value.decodeBool() }
    public var jsonObjectValue: Any { self }
}

extension Optional: ResponseDecodable where Wrapped: ResponseDecodable {
    public init<Value: ResponseValueReader>(responseValue value: Value) throws {
        self = value.isNull ? nil : try Wrapped(responseValue: value)
    }

    public static func decodeMissing() throws -> Self { nil }
}

extension Optional: JSONObjectConvertible where Wrapped: JSONObjectConvertible {
    public var jsonObjectValue: Any { self?.jsonObjectValue ?? NSNull() }
}

extension Array: ResponseDecodable where Element: ResponseDecodable {
    public init<Value: ResponseValueReader>(responseValue value: Value) throws {
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

extension Array: JSONObjectConvertible where Element: JSONObjectConvertible {
    public var jsonObjectValue: Any { map(\.jsonObjectValue) }
}
