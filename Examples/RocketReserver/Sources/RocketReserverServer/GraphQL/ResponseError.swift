/// An error as it goes into a GraphQL response, whichever library found it.
///
/// Orion's parser and validator and GraphQLSwift's executor each have their own error type;
/// both are turned into this one so responses are written in one place.
struct ResponseError: Error, Sendable, Equatable {
    /// A line and column in the request's document, both from 1.
    struct Position: Sendable, Equatable {
        let line: Int
        let column: Int
    }

    enum PathComponent: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    let message: String
    var locations: [Position] = []
    /// Set for errors raised while executing a field, empty for request errors.
    var path: [PathComponent] = []
    /// `extensions.code`, e.g. `PERSISTED_QUERY_NOT_FOUND`.
    var code: String? = nil
    /// `extensions.operation_name`: the operation a refused persisted query named, as Apollo's
    /// router reports it.
    var operationName: String? = nil
}

/// Codes this server puts in `extensions.code`.
enum ErrorCode {
    static let badRequest = "BAD_REQUEST"
    static let parseFailed = "GRAPHQL_PARSE_FAILED"
    static let validationFailed = "GRAPHQL_VALIDATION_FAILED"
    static let badUserInput = "BAD_USER_INPUT"
    static let unauthenticated = "UNAUTHENTICATED"
    static let persistedQueryNotFound = "PERSISTED_QUERY_NOT_FOUND"
    // Safelisting (`--safelist`): the codes of Apollo's router, which Apollo clients recognize.
    static let persistedQueryNotInList = "PERSISTED_QUERY_NOT_IN_LIST"
    static let queryNotInSafelist = "QUERY_NOT_IN_SAFELIST"
    static let cannotSendPersistedQueryIDAndBody = "CANNOT_SEND_PQ_ID_AND_BODY"
    static let payloadTooLarge = "PAYLOAD_TOO_LARGE"
    static let operationNotFound = "OPERATION_RESOLUTION_FAILURE"
}

/// Errors that stop a request before anything runs, as a `Result`'s failure.
struct RequestErrors: Error, Sendable {
    let errors: [ResponseError]

    init(_ errors: [ResponseError]) {
        self.errors = errors
    }
}
