/// The data of a generated model: the values of its selections, in the order of its
/// `__selections`.
///
/// A model, and each view of it (`asHuman`, `fragments.heroDetails`), is a struct holding only
/// its `DataDict`: one reference, so that models copy cheaply and their generated code stays
/// small. A property reads its value by position, without a lookup or a cast. Equality and
/// hashing compare the data, so two models are equal when they hold the same response data.
public struct DataDict: Sendable, Hashable {
    /// One value per selection: a field's value, or the data of a type case or fragment (`null`
    /// when it does not apply).
    @usableFromInline let values: [Value]

    @inlinable
    init(values: [Value]) {
        self.values = values
    }

    /// The value of the selection at `index`, as its property's type.
    @inlinable
    public subscript<T: DataDictReadable>(index: Int) -> T {
        T._read(values[index])
    }

    /// A value of a selection, checked against its type when the data was decoded.
    public enum Value: Sendable, Hashable {
        case null
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        /// A custom scalar, decoded to its Swift type; boxed, so that a value is 17 bytes, not 41.
        indirect case custom(any CustomScalarType)
        case object(DataDict)
        case list([Value])

        public static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): return true
            case (.string(let left), .string(let right)): return left == right
            case (.int(let left), .int(let right)): return left == right
            case (.double(let left), .double(let right)): return left == right
            case (.bool(let left), .bool(let right)): return left == right
            case (.custom(let left), .custom(let right)): return AnyHashable(left) == AnyHashable(right)
            case (.object(let left), .object(let right)): return left == right
            case (.list(let left), .list(let right)): return left == right
            default: return false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .null: hasher.combine(0)
            case .string(let value): hasher.combine(value)
            case .int(let value): hasher.combine(value)
            case .double(let value): hasher.combine(value)
            case .bool(let value): hasher.combine(value)
            case .custom(let value): hasher.combine(AnyHashable(value))
            case .object(let value): hasher.combine(value)
            case .list(let value): hasher.combine(value)
            }
        }
    }

    /// The end of a read that found a value of another kind than its property's type: only a
    /// model built from the `DataDict` of other selections gets here.
    @usableFromInline
    static func mismatch(_ value: Value, expected: String) -> Never {
        preconditionFailure("A DataDict holds \(value) where \(expected) was expected: the model was built from the data of other selections")
    }
}
