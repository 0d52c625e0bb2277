import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OrionCompiler

/// Downloads a schema by introspection: the query of the current spec edition first, then, if
/// the server rejects fields it does not know, the query without them.
public struct SchemaDownloader: Sendable {
    public var endpoint: URL
    /// Extra request headers, e.g. `Authorization`.
    public var headers: [String: String]
    /// Send the query as GET (query parameters) instead of POST.
    public var useGET: Bool
    public var timeout: TimeInterval

    public init(endpoint: URL, headers: [String: String] = [:], useGET: Bool = false, timeout: TimeInterval = 30) {
        self.endpoint = endpoint
        self.headers = headers
        self.useGET = useGET
        self.timeout = timeout
    }

    /// The schema, checked by the type-system rules, and the introspection result it came from.
    public func download() async throws -> (schema: Schema, introspectionJSON: Data) {
        do {
            return try await download(current: true)
        } catch SchemaDownloadError.graphQLErrors(_, let messages) where messages.contains(where: Self.isUnknownField) {
            return try await download(current: false)
        }
    }

    /// A validation error about the query itself, which the older query avoids.
    private static func isUnknownField(_ message: String) -> Bool {
        message.contains("Cannot query field") || message.contains("Unknown argument")
    }

    private func download(current: Bool) async throws -> (schema: Schema, introspectionJSON: Data) {
        let body = try await send(IntrospectionQuery.text(current: current))
        let name = endpoint.absoluteString
        let excerpt = String(decoding: body.prefix(200), as: UTF8.self)
        guard let response = try? JSONSerialization.jsonObject(with: body) else {
            throw SchemaDownloadError.notAGraphQLResponse(endpoint: name, reason: "the body is not JSON.", bodyExcerpt: excerpt)
        }
        guard let object = response as? [String: Any], object["data"] != nil || object["errors"] != nil else {
            throw SchemaDownloadError.notAGraphQLResponse(endpoint: name, reason: "it has neither \"data\" nor \"errors\".", bodyExcerpt: excerpt)
        }
        if let errors = object["errors"] as? [[String: Any]], !errors.isEmpty {
            throw SchemaDownloadError.graphQLErrors(endpoint: name, messages: errors.map { $0["message"] as? String ?? "\($0)" })
        }
        guard let data = object["data"] as? [String: Any], data["__schema"] is [String: Any] else {
            throw SchemaDownloadError.notAGraphQLResponse(endpoint: name, reason: "its data has no __schema.", bodyExcerpt: excerpt)
        }
        return (try Schema.build(introspectionJSON: body, name: name), body)
    }

    private func send(_ query: String) async throws -> Data {
        var request: URLRequest
        if useGET {
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) ?? URLComponents()
            let existing = components.queryItems ?? []
            components.queryItems = existing + [
                URLQueryItem(name: "query", value: query), URLQueryItem(name: "operationName", value: IntrospectionQuery.operationName),
            ]
            request = URLRequest(url: components.url ?? endpoint)
        } else {
            request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: ["query": query, "operationName": IntrospectionQuery.operationName])
        }
        request.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.timeoutInterval = timeout

        let (body, response): (Data, URLResponse)
        do {
            (body, response) = try await Self.data(for: request)
        } catch {
            throw SchemaDownloadError.network(endpoint: endpoint.absoluteString, reason: error.localizedDescription)
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            // A GraphQL error response (graphql-response+json uses 4xx) says more than the status.
            if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
               let errors = object["errors"] as? [[String: Any]], !errors.isEmpty {
                throw SchemaDownloadError.graphQLErrors(endpoint: endpoint.absoluteString, messages: errors.map { $0["message"] as? String ?? "\($0)" })
            }
            throw SchemaDownloadError.httpStatus(endpoint: endpoint.absoluteString, status: http.statusCode, bodyExcerpt: String(decoding: body.prefix(200), as: UTF8.self))
        }
        return body
    }

    /// `URLSession.data(for:)` is missing from older Apple systems and from Linux's Foundation.
    private static func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }.resume()
        }
    }
}
