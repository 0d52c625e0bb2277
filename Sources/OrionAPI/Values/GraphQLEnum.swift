/// A generated Swift enum of a GraphQL enum type.
public protocol EnumType: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {}

/// An enum value from a response: a case this code knows, or one a newer server sent.
///
/// Keeping unknown values (instead of failing the whole response) lets an app built against an
/// older schema go on working when a server adds a case.
public enum GraphQLEnum<T: EnumType>: Sendable, Hashable, RawRepresentable {
    case `case`(T)
    case unknown(String)

    public init(_ value: T) {
        self = .case(value)
    }

    public init(rawValue: String) {
        self = T(rawValue: rawValue).map { .case($0) } ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .case(let value): return value.rawValue
        case .unknown(let raw): return raw
        }
    }

    /// The known case, or `nil` for an unknown value.
    public var value: T? {
        if case .case(let value) = self { return value }
        return nil
    }

    public static func == (lhs: GraphQLEnum, rhs: T) -> Bool { lhs.value == rhs }
}

extension GraphQLEnum: ResponseDecodable, JSONObjectConvertible, JSONValueConvertible {
    public init(responseValue value: ResponseValue) throws {
        self.init(rawValue: try value.decodeString())
    }

    public var jsonObjectValue: Any { rawValue }
    public var jsonValue: JSONValue { .string(rawValue) }
}

extension GraphQLEnum: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}
