import Foundation

/// A JSON value: what variables are sent as, and what a custom scalar is read from and written
/// back to.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([JSONValue])
    case object([String: JSONValue])

    /// An object of the fields that have a value: `nil` entries (absent nullable inputs) are
    /// left out.
    public static func fields(_ pairs: KeyValuePairs<String, JSONValue?>) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        object.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            if let value { object[key] = value }
        }
        return object
    }

    /// The value as `JSONSerialization` would produce it (`NSNull` for null).
    public var jsonObjectValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .list(let values): return values.map(\.jsonObjectValue)
        case .object(let fields): return fields.mapValues(\.jsonObjectValue)
        }
    }

    /// Converts a `JSONSerialization` value; `nil` when it is not JSON.
    public init?(jsonObjectValue value: Any) {
        switch value {
        case is NSNull: self = .null
        case let string as String: self = .string(string)
        case let number as NSNumber:
            if number.isBoolean {
                self = .bool(number.boolValue)
            } else if let int = number.exactInt {
                self = .int(int)
            } else {
                self = .double(number.doubleValue)
            }
        case let bool as Bool: self = .bool(bool)
        case let int as Int: self = .int(int)
        case let double as Double: self = .double(double)
        case let list as [Any]:
            var values: [JSONValue] = []
            values.reserveCapacity(list.count)
            for element in list {
                guard let value = JSONValue(jsonObjectValue: element) else { return nil }
                values.append(value)
            }
            self = .list(values)
        case let object as [String: Any]:
            var fields: [String: JSONValue] = [:]
            for (key, element) in object {
                guard let value = JSONValue(jsonObjectValue: element) else { return nil }
                fields[key] = value
            }
            self = .object(fields)
        default: return nil
        }
    }
}

/// A value that can be sent as (part of) a variable.
public protocol JSONValueConvertible {
    /// The value as JSON.
    var jsonValue: JSONValue { get }
}

extension String: JSONValueConvertible { public var jsonValue: JSONValue { .string(self) } }
extension Int: JSONValueConvertible { public var jsonValue: JSONValue { .int(self) } }
extension Double: JSONValueConvertible { public var jsonValue: JSONValue { .double(self) } }
extension Bool: JSONValueConvertible { public var jsonValue: JSONValue { .bool(self) } }

extension Optional: JSONValueConvertible where Wrapped: JSONValueConvertible {
    public var jsonValue: JSONValue { self?.jsonValue ?? .null }
}

extension Array: JSONValueConvertible where Element: JSONValueConvertible {
    public var jsonValue: JSONValue { .list(map(\.jsonValue)) }
}
