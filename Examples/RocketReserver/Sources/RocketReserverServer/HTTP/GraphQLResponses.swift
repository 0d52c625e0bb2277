import Hummingbird

/// The HTTP responses of the GraphQL endpoint.
enum GraphQLResponses {
    /// An execution result: 200, except a request error (no `data`) under
    /// `application/graphql-response+json`, which is 400.
    static func outcome(_ outcome: ExecutionOutcome, mediaType: ResponseMediaType) -> Response {
        let status: HTTPResponse.Status = mediaType == .graphQLResponseJSON && !outcome.hasData ? .badRequest : .ok
        return json(ResponseJSON.response(outcome), status: status, mediaType: mediaType)
    }

    /// A request that is not a well-formed GraphQL request (its own status in both media types).
    static func problem(_ problem: RequestProblem, mediaType: ResponseMediaType, headers: HTTPFields = [:]) -> Response {
        json(
            ResponseJSON.response(.requestErrors([problem.responseError])),
            status: HTTPResponse.Status(code: problem.status),
            mediaType: mediaType,
            headers: headers
        )
    }

    static func json(_ text: String, status: HTTPResponse.Status, mediaType: ResponseMediaType, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = mediaType.contentType
        // Responses depend on the user the token names: never let a cache share them.
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
