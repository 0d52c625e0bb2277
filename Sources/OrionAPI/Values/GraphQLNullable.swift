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

extension Optional {
    /// A nullable input from an optional: `nil` becomes `.null`.
    public static func nullable<T>(_ value: T?) -> GraphQLNullable<T> { value.map { .some($0) } ?? .null }
}
