/// A Swift type a scalar field is read as: `String` (also for `ID`), `Int`, `Double` (`Float`),
/// `Bool`, a `GraphQLEnum`, or a ``CustomScalarType``. Selection metadata names it
/// (`.scalar(String.self)`) so that a response is decoded, and checked, by its selections alone.
public protocol ScalarType: DataDictReadable, Sendable {
    /// Reads a non-null value of the response.
    ///
    /// - Throws: ``ResponseDecodingError`` when the value is of another type.
    static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value
}

extension String: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .string(try value.decodeString())
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

    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        guard case .custom(let custom) = value, let scalar = custom as? Self else { DataDict.mismatch(value, expected: "\(Self.self)") }
        return scalar
    }
}
