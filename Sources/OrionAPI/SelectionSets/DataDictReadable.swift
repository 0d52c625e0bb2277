/// A type a generated model's property reads from its ``DataDict``: scalars, enums, custom
/// scalars, models, and optionals and lists of them.
public protocol DataDictReadable {
    /// Reads the value, which decoding has already checked is of this type. A static function,
    /// not an initializer, so that the value is borrowed from the `DataDict`, not copied.
    static func _read(_ value: DataDict.Value) -> Self
}

extension Optional: DataDictReadable where Wrapped: DataDictReadable {
    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        switch value {
        // An excluded selection reads as nil, like null.
        case .null, .excluded: return nil
        default: return Wrapped._read(value)
        }
    }
}

extension Array: DataDictReadable where Element: DataDictReadable {
    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        guard case .list(let elements) = value else { DataDict.mismatch(value, expected: "a list") }
        return elements.map(Element._read)
    }
}
