/// A request that is not a well-formed GraphQL request: bad JSON, no query, a variables value
/// that is not an object. Answered with HTTP 400 (or 413, 405, 415) and one error.
struct RequestProblem: Error, Sendable {
    /// The HTTP status for the response.
    let status: Int
    let message: String
    var code: String = ErrorCode.badRequest

    static func badRequest(_ message: String) -> RequestProblem {
        RequestProblem(status: 400, message: message)
    }

    var responseError: ResponseError {
        ResponseError(message: message, code: code)
    }
}
