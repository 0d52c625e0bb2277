/// A Swift type a scalar field is read as: `String` (also for `ID`), `Int`, `Double` (`Float`),
/// `Bool`, a `GraphQLEnum`, or a ``CustomScalarType``. Selection metadata names it
/// (`.scalar(String.self)`) so that a response is decoded, and checked, by its selections alone.
public protocol ScalarType: DataDictReadable, Sendable {
    /// Reads a non-null value of the response.
    ///
    /// - Throws: ``ResponseDecodingError`` when the value is of another type.
    static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value

    /// Reads a non-null value as the cache stores it: the JSON the server sent, already typed,
    /// so that a number is read as the number it is, without going through text.
    ///
    /// - Throws: ``ResponseDecodingError`` when the value is of another type.
    static func decodeDataDictValue(_ value: JSONValue) throws -> DataDict.Value
}

extension String: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .string(try value.decodeString())
    }

    public static func decodeDataDictValue(_ value: JSONValue) throws -> DataDict.Value {
        guard case .string(let string) = value else { throw value.mismatch("String") }
        return .string(string)
    }

    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        guard case .string(let string) = value else { DataDict.mismatch(value, expected: "String") }
        return string
    }
}

extension Int: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .int(try value.decodeInt())
    }

    public static func decodeDataDictValue(_ value: JSONValue) throws -> DataDict.Value {
        switch value {
        case .int(let int): return .int(int)
        // As in a response, a whole number written with a fraction or exponent is an Int.
        case .double(let double) where double.rounded() == double:
            guard let int = Int(exactly: double) else { throw value.mismatch("Int") }
            return .int(int)
        default: throw value.mismatch("Int")
        }
    }

    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        guard case .int(let int) = value else { DataDict.mismatch(value, expected: "Int") }
        return int
    }
}

extension Double: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .double(try value.decodeDouble())
    }

    public static func decodeDataDictValue(_ value: JSONValue) throws -> DataDict.Value {
        switch value {
        case .double(let double): return .double(double)
        case .int(let int): return .double(Double(int))
        default: throw value.mismatch("Double")
        }
    }

    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        guard case .double(let double) = value else { DataDict.mismatch(value, expected: "Double") }
        return double
    }
}

extension Bool: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .bool(try value.decodeBool())
    }

    public static func decodeDataDictValue(_ value: JSONValue) throws -> DataDict.Value {
        guard case .bool(let bool) = value else { throw value.mismatch("Bool") }
        return .bool(bool)
    }

    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        guard case .bool(let bool) = value else { DataDict.mismatch(value, expected: "Bool") }
        return bool
    }
}

/// Enum values stay the server's strings, so that a newer server's values survive (as
/// `.unknown`) and the JSON written back is what was read.
extension GraphQLEnum: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .string(try value.decodeString())
    }

    public static func decodeDataDictValue(_ value: JSONValue) throws -> DataDict.Value {
        guard case .string(let string) = value else { throw value.mismatch("String") }
        return .string(string)
    }

    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        guard case .string(let string) = value else { DataDict.mismatch(value, expected: "an enum value") }
        return Self(rawValue: string)
    }
}

extension CustomScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .custom(try Self(responseValue: value))
    }

    public static func decodeDataDictValue(_ value: JSONValue) throws -> DataDict.Value {
        .custom(try Self(decodingJSON: value))
    }

    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        guard case .custom(let custom) = value, let scalar = custom as? Self else { DataDict.mismatch(value, expected: "\(Self.self)") }
        return scalar
    }
}
