import Foundation
import Orion
import OrionAPI

/// What a ``MockNetworkTransport`` answers one request of `Operation` with: a server's
/// response (data, GraphQL errors, both), the raw bytes of one, or a transport failure.
///
/// Responses are turned into bytes and read by the same parser as a real server's, so a
/// response that does not match the operation fails as it would in the app: with a
/// `ResponseParsingError` naming the response path and what was expected.
///
/// ```swift
/// transport.enqueue(.data(["launch": ["__typename": "Launch", "id": "110", "isBooked": true]]),
///                   for: LaunchDetailsQuery.self)
/// transport.enqueue(.errors([GraphQLError(message: "Not logged in")]), for: BookTripMutation.self)
/// transport.enqueue(.failure(URLError(.notConnectedToInternet)), for: LaunchListQuery.self)
/// ```
public struct MockResponse<Operation: GraphQLOperation>: Sendable {
    enum Payload: Sendable {
        case body(Foundation.Data)
        case failure(any Error)
    }

    let payload: Payload

    /// A response with `data` (a JSON object, as the server would send it) and, optionally,
    /// GraphQL errors beside it (a partial result).
    public static func data(_ data: [String: JSONValue], errors: [GraphQLError] = [], extensions: [String: JSONValue] = [:]) -> Self {
        response(data: .object(data), errors: errors, extensions: extensions)
    }

    /// A response with the JSON of a model built in code (or decoded from a fixture), and,
    /// optionally, GraphQL errors beside it.
    public static func data(_ data: Operation.Data, errors: [GraphQLError] = [], extensions: [String: JSONValue] = [:]) -> Self {
        // A model's own JSON is always JSON; `.null` only if that ever stopped being true, which
        // the parser then reports as a response without data.
        response(data: JSONValue(jsonObjectValue: data.jsonObject) ?? .null, errors: errors, extensions: extensions)
    }

    /// A response with no data, only GraphQL errors (a request the server refused).
    public static func errors(_ errors: [GraphQLError], extensions: [String: JSONValue] = [:]) -> Self {
        response(data: .null, errors: errors, extensions: extensions)
    }

    /// The raw bytes of a response body, for what the other forms cannot write: malformed
    /// JSON, a body of the wrong shape.
    public static func body(_ text: String) -> Self {
        MockResponse(payload: .body(Foundation.Data(text.utf8)))
    }

    /// No response: the request fails with `error`, as a transport's would (`URLError`,
    /// `NetworkError`, `CancellationError`, ...).
    public static func failure(_ error: any Error) -> Self {
        MockResponse(payload: .failure(error))
    }

    private static func response(data: JSONValue, errors: [GraphQLError], extensions: [String: JSONValue]) -> Self {
        var object: [String: JSONValue] = ["data": data]
        if !errors.isEmpty { object["errors"] = .list(errors.map(\.mockJSON)) }
        if !extensions.isEmpty { object["extensions"] = .object(extensions) }
        return MockResponse(payload: .body(JSONEncoding.data(.object(object))))
    }

    /// The result a client gets, read by the parser of real responses.
    func result(for operation: Operation) throws -> GraphQLResult<Operation.Data> {
        switch payload {
        case .body(let body): return try GraphQLResponse.parse(body, for: operation)
        case .failure(let error): throw error
        }
    }
}

extension GraphQLError {
    /// The error as an entry of a response's `errors`.
    var mockJSON: JSONValue {
        var fields: [String: JSONValue] = ["message": .string(message)]
        if !locations.isEmpty {
            fields["locations"] = .list(locations.map { ["line": .int($0.line), "column": .int($0.column)] })
        }
        if !path.isEmpty {
            fields["path"] = .list(path.map { component in
                switch component {
                case .key(let key): return .string(key)
                case .index(let index): return .int(index)
                }
            })
        }
        if !extensions.isEmpty { fields["extensions"] = .object(extensions) }
        return .object(fields)
    }
}
