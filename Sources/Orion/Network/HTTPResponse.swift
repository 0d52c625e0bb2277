import Foundation
import OrionAPI

/// The server's answer to a request: the HTTP response, its body and, once parsed, the result.
public struct HTTPResponse<Operation: GraphQLOperation>: Sendable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data
    /// Set by the parsing interceptor.
    public var result: GraphQLResult<Operation.Data>?

    public init(statusCode: Int, headers: [String: String], body: Data, result: GraphQLResult<Operation.Data>? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.result = result
    }
}
