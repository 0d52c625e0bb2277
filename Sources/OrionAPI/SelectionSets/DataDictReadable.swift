/// A type a generated model's property reads from its ``DataDict``: scalars, enums, custom
/// scalars, models, and optionals and lists of them.
public protocol DataDictReadable {
    /// Reads the value, which decoding has already checked is of this type.
    init(_dataDictValue value: DataDict.Value)
}

extension Optional: DataDictReadable where Wrapped: DataDictReadable {
    @inlinable
    public init(_dataDictValue value: DataDict.Value) {
        if case .null = value {
            self = nil
        } else {
            self = Wrapped(_dataDictValue: value)
        }
    }
}

extension Array: DataDictReadable where Element: DataDictReadable {
    @inlinable
    public init(_dataDictValue value: DataDict.Value) {
        guard case .list(let elements) = value else { DataDict.mismatch(value, expected: "a list") }
        self = elements.map(Element.init(_dataDictValue:))
    }
}
