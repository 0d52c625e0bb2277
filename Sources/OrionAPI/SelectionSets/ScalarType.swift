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
    public init(_dataDictValue value: DataDict.Value) {
        guard case .string(let string) = value else { DataDict.mismatch(value, expected: "String") }
        self = string
    }
}

extension Int: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .int(try value.decodeInt())
    }

    @inlinable
    public init(_dataDictValue value: DataDict.Value) {
        guard case .int(let int) = value else { DataDict.mismatch(value, expected: "Int") }
        self = int
    }
}

extension Double: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .double(try value.decodeDouble())
    }

    @inlinable
    public init(_dataDictValue value: DataDict.Value) {
        guard case .double(let double) = value else { DataDict.mismatch(value, expected: "Float") }
        self = double
    }
}

extension Bool: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .bool(try value.decodeBool())
    }

    @inlinable
    public init(_dataDictValue value: DataDict.Value) {
        guard case .bool(let bool) = value else { DataDict.mismatch(value, expected: "Boolean") }
        self = bool
    }
}

/// Enum values stay the server's strings, so that a newer server's values survive (as
/// `.unknown`) and the JSON written back is what was read.
extension GraphQLEnum: ScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .string(try value.decodeString())
    }

    @inlinable
    public init(_dataDictValue value: DataDict.Value) {
        guard case .string(let string) = value else { DataDict.mismatch(value, expected: "an enum value") }
        self.init(rawValue: string)
    }
}

extension CustomScalarType {
    public static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
        .custom(try Self(responseValue: value))
    }

    @inlinable
    public init(_dataDictValue value: DataDict.Value) {
        guard case .custom(let custom) = value, let scalar = custom as? Self else { DataDict.mismatch(value, expected: "\(Self.self)") }
        self = scalar
    }
}
