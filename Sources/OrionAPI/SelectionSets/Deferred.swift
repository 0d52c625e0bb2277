/// The value of a fragment selected with `@defer`: ``pending`` until the server has sent its
/// fields, then ``fulfilled(_:)``.
///
/// Generated models expose each deferred fragment as a property of this type (named after the
/// directive's `label`, or, for a named fragment spread without one, after the fragment). The
/// rest of the model is there from the first payload; a deferred fragment whose fields are in
/// the data (the server's later payload merged in, or `@defer(if: false)`, which the server
/// answers at once) reads ``fulfilled(_:)``. A cache read gives ``pending`` for a deferred
/// fragment the cache does not hold, instead of a miss.
public enum Deferred<Value>: Sendable where Value: Sendable {
    /// The server has not sent the fragment's fields yet.
    case pending
    /// The fragment's data.
    case fulfilled(Value)

    /// The fragment's data, or `nil` while it is pending.
    public var value: Value? {
        guard case .fulfilled(let value) = self else { return nil }
        return value
    }

    /// Whether the fragment's data has arrived.
    public var isFulfilled: Bool { value != nil }
}

extension Deferred: Equatable where Value: Equatable {}
extension Deferred: Hashable where Value: Hashable {}

extension Deferred: DataDictReadable where Value: DataDictReadable {
    /// A deferred fragment the data lacks is ``DataDict/Value/excluded``; anything else is the
    /// fragment's value (`null` for one whose type condition the object does not satisfy).
    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        if case .excluded = value { return .pending }
        return .fulfilled(Value._read(value))
    }
}
