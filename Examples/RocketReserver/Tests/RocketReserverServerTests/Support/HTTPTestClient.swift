import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response as the tests look at it.
struct HTTPResult {
    let status: Int
    /// Header names lowercased.
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    /// The body as a JSON object, or nil.
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    var contentType: String { headers["content-type"] ?? "" }
    /// `errors[].message`.
    var errorMessages: [String] { (json?["errors"] as? [[String: Any]])?.compactMap { $0["message"] as? String } ?? [] }
}

/// Plain HTTP through URLSession.
enum HTTP {
    /// One session for all tests: enough connections per host for the load test's clients.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 128
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 60
        return URLSession(configuration: configuration)
    }()

    static func send(_ request: URLRequest) async throws -> HTTPResult {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw TestFailure("Not an HTTP response") }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResult(status: http.statusCode, headers: headers, body: data)
    }

    static func get(_ url: URL, headers: [String: String] = [:]) async throws -> HTTPResult {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }
}

/// GraphQL requests to one server, optionally logged in.
struct GraphQLTestClient {
    let url: URL
    var token: String?

    func authorized(_ token: String?) -> GraphQLTestClient {
        GraphQLTestClient(url: url, token: token)
    }

    /// POSTs `{"query", "variables", "operationName", "extensions"}` as JSON.
    func post(
        _ query: String?, variables: [String: Any]? = nil, operationName: String? = nil,
        extensions: [String: Any]? = nil, headers: [String: String] = [:]
    ) async throws -> HTTPResult {
        var body: [String: Any] = [:]
        if let query { body["query"] = query }
        if let variables { body["variables"] = variables }
        if let operationName { body["operationName"] = operationName }
        if let extensions { body["extensions"] = extensions }
        return try await postRaw(JSONSerialization.data(withJSONObject: body), headers: headers)
    }

    func postRaw(_ body: Data, contentType: String = "application/json", headers: [String: String] = [:]) async throws -> HTTPResult {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        if let token { request.setValue(token, forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await HTTP.send(request)
    }

    /// GET with `query`, `variables` and `operationName` as query parameters.
    func get(_ query: String, variables: [String: Any]? = nil, operationName: String? = nil, headers: [String: String] = [:]) async throws -> HTTPResult {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var items = [URLQueryItem(name: "query", value: query)]
        if let variables {
            items.append(URLQueryItem(name: "variables", value: String(decoding: try JSONSerialization.data(withJSONObject: variables), as: UTF8.self)))
        }
        if let operationName { items.append(URLQueryItem(name: "operationName", value: operationName)) }
        components?.queryItems = items
        guard let getURL = components?.url else { throw TestFailure("Bad GET URL") }
        var all = headers
        if let token { all["Authorization"] = token }
        return try await HTTP.get(getURL, headers: all)
    }

    /// POSTs and returns `data`, failing when the response has errors or no data.
    func data(_ query: String, variables: [String: Any]? = nil) async throws -> [String: Any] {
        let result = try await post(query, variables: variables)
        guard result.status == 200, result.json?["errors"] == nil, let data = result.json?["data"] as? [String: Any] else {
            throw TestFailure("Expected data, got \(result.status): \(result.text)")
        }
        return data
    }

    /// Logs in as `email` and returns a client that sends the new token.
    func login(_ email: String) async throws -> GraphQLTestClient {
        let data = try await self.data("mutation($email: String) { login(email: $email) { token } }", variables: ["email": email])
        guard let token = dig(data, "login", "token") as? String else { throw TestFailure("No token in \(data)") }
        return authorized(token)
    }
}

/// Walks into parsed JSON by keys and list indexes: `dig(json, "data", "launches", 0, "id")`.
func dig(_ value: Any?, _ path: Any...) -> Any? {
    var current = value
    for step in path {
        if let key = step as? String {
            current = (current as? [String: Any])?[key]
        } else if let index = step as? Int {
            guard let list = current as? [Any], list.indices.contains(index) else { return nil }
            current = list[index]
        } else {
            return nil
        }
    }
    return current
}
