import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OrionAPI

/// The end of the chain: sends the request with an `HTTPClient`, within the request's deadline.
struct NetworkFetch: Sendable {
    let client: any HTTPClient
    let clock: any DeadlineClock

    func send<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPResponse<Operation> {
        try Task.checkCancellation()
        let (urlRequest, bodyFile) = try RequestBody.make(request)
        defer { if let bodyFile { try? FileManager.default.removeItem(at: bodyFile) } }
        let client = self.client
        let (body, response) = try await Deadline(seconds: request.timeout, clock: clock).run {
            try await client.send(urlRequest, bodyFile: bodyFile)
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponse(statusCode: response.statusCode, headers: headers, body: body)
    }
}
