import Foundation
import GraphQL

/// The parameters of a GraphQL request, from a JSON body, GET query parameters, a multipart
/// request's `operations` part or a WebSocket subscribe message.
struct GraphQLRequestPayload: Sendable {
    /// Nil when the client sent only a persisted query's hash.
    var query: String?
    var operationName: String?
    var variables: [String: Map]
    /// `extensions.persistedQuery.sha256Hash` (automatic persisted queries).
    var persistedQueryHash: String?

    init(query: String?, operationName: String? = nil, variables: [String: Map] = [:], persistedQueryHash: String? = nil) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
        self.persistedQueryHash = persistedQueryHash
    }

    /// Reads a JSON object's `query`, `operationName`, `variables` and `extensions`.
    init(json: Map) throws(RequestProblem) {
        guard case .dictionary(let fields) = json else {
            throw .badRequest("The request body must be a JSON object with a \"query\" string.")
        }
        try self.init(
            query: Self.string(fields["query"], "query"),
            operationName: Self.string(fields["operationName"], "operationName"),
            variables: Self.object(fields["variables"], "variables"),
            extensions: Self.object(fields["extensions"], "extensions")
        )
    }

    /// Reads GET query parameters, where `variables` and `extensions` are JSON text.
    init(queryParameters: [String: String]) throws(RequestProblem) {
        try self.init(
            query: queryParameters["query"],
            operationName: queryParameters["operationName"].flatMap { $0.isEmpty ? nil : $0 },
            variables: Self.object(Self.json(queryParameters["variables"], "variables"), "variables"),
            extensions: Self.object(Self.json(queryParameters["extensions"], "extensions"), "extensions")
        )
    }

    private init(query: String?, operationName: String?, variables: [String: Map], extensions: [String: Map]) throws(RequestProblem) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
        if let persisted = extensions["persistedQuery"], !persisted.isNull, !persisted.isUndefined {
            guard case .dictionary(let fields) = persisted, let hash = fields["sha256Hash"]?.string else {
                throw .badRequest("extensions.persistedQuery must be an object with a \"sha256Hash\" string.")
            }
            persistedQueryHash = hash.lowercased()
        }
    }

    /// Parses JSON text (a request body, a query parameter) into a `Map`.
    static func parseJSON(_ data: Data) throws(RequestProblem) -> Map {
        do {
            return try JSONDecoder().decode(Map.self, from: data)
        } catch {
            throw .badRequest("The request body is not valid JSON.")
        }
    }

    private static func json(_ text: String?, _ name: String) throws(RequestProblem) -> Map? {
        guard let text, !text.isEmpty else { return nil }
        do {
            return try JSONDecoder().decode(Map.self, from: Data(text.utf8))
        } catch {
            throw .badRequest("The \"\(name)\" parameter is not valid JSON.")
        }
    }

    private static func string(_ value: Map?, _ name: String) throws(RequestProblem) -> String? {
        switch value {
        case .none, .null, .undefined: return nil
        case .string(let string): return string
        default: throw .badRequest("\"\(name)\" must be a string.")
        }
    }

    private static func object(_ value: Map?, _ name: String) throws(RequestProblem) -> [String: Map] {
        switch value {
        case .none, .null, .undefined: return [:]
        case .dictionary(let fields):
            var object: [String: Map] = [:]
            for (key, value) in fields { object[key] = value }
            return object
        default: throw .badRequest("\"\(name)\" must be an object.")
        }
    }
}
