import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OrionAPI

/// Turns an `HTTPRequest` into a `URLRequest`: a JSON POST body, GET query parameters (the
/// GraphQL over HTTP spec's names), or a multipart upload.
package enum RequestBody {
    /// The request fields: `operationName`, `query` (unless only the hash is sent), `variables`,
    /// `extensions.persistedQuery`.
    package static func fields<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) -> [String: JSONValue] {
        var fields: [String: JSONValue] = ["operationName": .string(Operation.operationName)]
        if request.sendsDocument { fields["query"] = .string(Operation.operationDocument.text) }
        let variables = request.operation.__variables
        if !variables.isEmpty { fields["variables"] = .object(variables) }
        if request.sendsPersistedQueryHash {
            fields["extensions"] = .object(["persistedQuery": .object([
                "version": .int(1), "sha256Hash": .string(Operation.operationDocument.identifier),
            ])])
        }
        return fields
    }

    /// The URL request, and the body file to stream for uploads (the caller deletes it).
    static func make<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) throws -> (URLRequest, bodyFile: URL?) {
        let fields = fields(request)
        var urlRequest: URLRequest
        var bodyFile: URL?
        if request.method == .get && request.files.isEmpty {
            var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) ?? URLComponents()
            var items = components.queryItems ?? []
            for key in fields.keys.sorted() {
                guard let value = fields[key] else { continue }
                if case .string(let string) = value {
                    items.append(URLQueryItem(name: key, value: string))
                } else {
                    items.append(URLQueryItem(name: key, value: JSONEncoding.string(value)))
                }
            }
            components.queryItems = items
            // `+` is a space in query strings: encode it so variables keep it.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            urlRequest = URLRequest(url: components.url ?? request.url)
            urlRequest.httpMethod = "GET"
        } else if !request.files.isEmpty {
            let (file, contentType) = try MultipartBody.write(operations: fields, files: request.files)
            urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = "POST"
            urlRequest.setValue(contentType, forHTTPHeaderField: "Content-Type")
            // Servers refuse multipart requests that could be simple CORS requests without it.
            urlRequest.setValue("orion", forHTTPHeaderField: "Apollo-Require-Preflight")
            bodyFile = file
        } else {
            urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = "POST"
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = JSONEncoding.data(.object(fields))
        }
        urlRequest.timeoutInterval = request.timeout
        urlRequest.setValue("application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return (urlRequest, bodyFile)
    }
}
