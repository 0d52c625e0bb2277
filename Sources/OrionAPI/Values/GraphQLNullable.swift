/// A nullable input: absent (not sent, so the server uses its default), explicitly `null`, or a
/// value.
///
/// The value is boxed (`indirect`): input objects may refer to themselves through nullable
/// fields (`input Filter { and: Filter }`), and a struct that held its own type inline would have
/// infinite size. A valid schema has no cycle of non-null, non-list input fields, so the box
/// breaks every cycle.
public enum GraphQLNullable<Wrapped: Sendable & Hashable>: Sendable, Hashable {
    case absent
    case null
    indirect case some(Wrapped)

    /// The wrapped value, or `nil` when absent or null.
    public var unwrapped: Wrapped? {
        if case .some(let value) = self { return value }
        return nil
    }
}

extension GraphQLNullable: ExpressibleByNilLiteral {
    /// `nil` is an explicit `null`; leave the argument out for absent.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension GraphQLNullable: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral, ExpressibleByStringLiteral
where Wrapped == String {
    public init(stringLiteral value: String) { self = .some(value) }
    public init(unicodeScalarLiteral value: String) { self = .some(value) }
    public init(extendedGraphemeClusterLiteral value: String) { self = .some(value) }
}

extension GraphQLNullable: ExpressibleByIntegerLiteral where Wrapped == Int {
    public init(integerLiteral value: Int) { self = .some(value) }
}

extension GraphQLNullable: ExpressibleByBooleanLiteral where Wrapped == Bool {
    public init(booleanLiteral value: Bool) { self = .some(value) }
}

extension GraphQLNullable: ExpressibleByFloatLiteral where Wrapped == Double {
    public init(floatLiteral value: Double) { self = .some(value) }
}

extension GraphQLNullable {
    /// The input as JSON: `nil` when absent, so it is left out of the request.
    public func inputValue() -> JSONValue? where Wrapped: JSONValueConvertible {
        switch self {
        case .absent: return nil
        case .null: return .null
        case .some(let value): return value.jsonValue
        }
    }
}

extension GraphQLNullable {
    /// A nullable input from a Swift optional: its value, or ``absent`` when it is `nil`, so
    /// that the input is not sent and the server applies its default, as `nil` means in Apollo
    /// iOS (`.none`).
    ///
    /// ```swift
    /// let cursor: String? = page.cursor
    /// LaunchListQuery(after: GraphQLNullable(cursor))   // nil: `after` is not sent
    /// LaunchListQuery(after: cursor ?? .null)           // nil: `after` is sent as null
    /// ```
    ///
    /// Unlike the `nil` literal (`let x: GraphQLNullable<String> = nil`), which is an explicit
    /// ``null``: a literal says what to send, an optional only that there may be no value. To
    /// send `null` for a `nil` optional, or to say which one is meant, use
    /// ``??(_:_:)`` (`optionalValue ?? .null`, `optionalValue ?? .absent`).
    @inlinable
    public init(_ optionalValue: Wrapped?) {
        if let value = optionalValue {
            self = .some(value)
        } else {
            self = .absent
        }
    }
}

/// A nullable input from a Swift optional, with what to send when it is `nil`:
/// `optionalValue ?? .null` sends an explicit null, `optionalValue ?? .absent` leaves the input
/// out (as ``GraphQLNullable/init(_:)`` does). A value is sent as ``GraphQLNullable/some(_:)``.
///
/// ```swift
/// let name: String? = form.name
/// UpdateProfileMutation(name: name ?? .null)   // nil clears the name on the server
/// ```
///
/// Disfavored, as in Apollo iOS, so that `??` between plain optionals keeps the standard
/// library's meaning (`optionalString ?? "default"` is a `String`).
@_disfavoredOverload
@inlinable
public func ?? <T>(optionalValue: T?, whenNil: GraphQLNullable<T>) -> GraphQLNullable<T> {
    if let value = optionalValue { return .some(value) }
    return whenNil
}
