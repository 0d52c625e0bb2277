/// Response data that does not match the operation's types: a missing non-null field, a value
/// of the wrong type, a custom scalar that does not parse.
public struct ResponseDecodingError: Error, Sendable, Hashable, OrionError {
    /// Where in the response the mismatch is, from the selection set being decoded.
    public var path: ResponsePath
    /// What the generated type expected, e.g. `String` or `an object`.
    public var expected: String
    /// What the response held instead, e.g. `null`, `nothing (the field is missing)` or `42`.
    public var found: String
    /// The error of the field at ``path``, when it reached a field that throws it
    /// (`@catch(to: THROW)`, or a `@catchByDefault(to: THROW)` schema) and no field around it
    /// caught it: the server's, or, for a `@semanticNonNull` field that holds null without one
    /// (read from the cache), an error saying so.
    public var graphQLError: GraphQLError?

    public init(path: ResponsePath = ResponsePath(), expected: String, found: String) {
        self.path = path
        self.expected = expected
        self.found = found
    }

    /// The error thrown for the server's error in a field that throws it.
    public init(path: ResponsePath = ResponsePath(), graphQLError: GraphQLError) {
        self.init(path: path, expected: "a value", found: "null with an error")
        self.graphQLError = graphQLError
    }

    /// The same error seen from one level up.
    public func prefixed(by component: ResponsePath.Component) -> ResponseDecodingError {
        var copy = self
        copy.path.components.insert(component, at: 0)
        return copy
    }

    /// Whether the error is a missing field: how a conditional type case or fragment learns that
    /// the server left it out (its fields, at any depth, are absent when @include/@skip
    /// excluded it).
    public var isMissingField: Bool { found == Self.missing }

    @usableFromInline static let missing = "nothing (the field is missing)"

    public var description: String {
        if let graphQLError {
            return "The error at \(path) reached a field that throws it (@catch(to: THROW) or @catchByDefault(to: THROW)) and no field around it catches it: \(graphQLError.message)"
        }
        return "Response data does not match the operation at \(path): expected \(expected), found \(found)."
    }
}

extension JSONValue {
    /// A short rendering of the value, for the `found` of an error, as a response's would read.
    var foundDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .int(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .string(let value): return value.count > 40 ? "a string" : "\"\(value)\""
        case .list: return "a list"
        case .object: return "an object"
        }
    }

    /// The error of a value of another type than `expected`, with an empty path.
    package func mismatch(_ expected: String) -> ResponseDecodingError {
        ResponseDecodingError(expected: expected, found: foundDescription)
    }
}
