import OrionAPI

/// A response body that is not the GraphQL response the operation expects.
public enum ResponseParsingError: Error, Sendable, OrionError {
    /// The body is not JSON.
    case invalidJSON(JSONParseError)
    /// The body is JSON, but has neither `data` nor `errors` (or they have the wrong types).
    case notAGraphQLResponse(reason: String)
    /// `data` does not match the operation's types: the path and what was expected.
    case dataMismatch(ResponseDecodingError)

    public var description: String {
        switch self {
        case .invalidJSON(let error): return "The response is not JSON: \(error.description)"
        case .notAGraphQLResponse(let reason): return "The response is not a GraphQL response: \(reason)"
        case .dataMismatch(let error): return error.description
        }
    }
}
