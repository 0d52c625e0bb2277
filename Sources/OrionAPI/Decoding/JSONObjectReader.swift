import Foundation

/// Reads selection sets from values `JSONSerialization` produced: what `init(jsonObject:)`
/// uses for fixtures, tests and migrated models.
public struct JSONObjectReader: ResponseObjectReader {
    let object: [String: Any]

    public init(_ object: [String: Any]) {
        self.object = object
    }

    public func value(forKey key: String) -> JSONAnyValue? {
        object[key].map(JSONAnyValue.init)
    }
}

/// A `JSONSerialization` value, read for generated models.
public struct JSONAnyValue: ResponseValueReader {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }

    public var isNull: Bool { value is NSNull }

    public func decodeString() throws -> String {
        guard let string = value as? String else { throw mismatch("String") }
        return string
    }

    public func decodeInt() throws -> Int {
        if let number = value as? NSNumber, let int = number.exactInt { return int }
        if !(value is NSNumber), let int = value as? Int { return int }
        throw mismatch("Int")
    }

    public func decodeDouble() throws -> Double {
        if let number = value as? NSNumber, !number.isBoolean { return number.doubleValue }
        if !(value is NSNumber), let double = value as? Double { return double }
        throw mismatch("Float")
    }

    public func decodeBool() throws -> Bool {
        if let number = value as? NSNumber, number.isBoolean { return number.boolValue }
        if !(value is NSNumber), let bool = value as? Bool { return bool }
        throw mismatch("Boolean")
    }

    public func decodeObject() throws -> JSONObjectReader {
        guard let object = value as? [String: Any] else { throw mismatch("an object") }
        return JSONObjectReader(object)
    }

    public func decodeList() throws -> [JSONAnyValue] {
        guard let list = value as? [Any] else { throw mismatch("a list") }
        return list.map(JSONAnyValue.init)
    }

    public func decodeJSON() throws -> JSONValue {
        guard let json = JSONValue(jsonObjectValue: value) else { throw mismatch("a JSON value") }
        return json
    }

    private func mismatch(_ expected: String) -> ResponseDecodingError {
        ResponseDecodingError(expected: expected, found: Self.describe(value))
    }

    /// A short rendering of what was found, for error messages.
    static func describe(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let string as String: return string.count > 40 ? "a string" : "\"\(string)\""
        case let number as NSNumber: return number.isBoolean ? (number.boolValue ? "true" : "false") : "\(number)"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        default: return "\(type(of: value))"
        }
    }
}
