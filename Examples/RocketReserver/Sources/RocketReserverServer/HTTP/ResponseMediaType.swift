import Hummingbird

/// How a GraphQL-over-HTTP response is written, chosen from the request's Accept header.
enum ResponseMediaType: Equatable {
    /// `application/graphql-response+json`: status codes tell request errors (400) apart.
    case graphQLResponseJSON
    /// `application/json`: 200 for every well-formed request, as clients before the spec expect.
    case json

    init(accept: String?) {
        self = accept?.lowercased().contains("application/graphql-response+json") == true ? .graphQLResponseJSON : .json
    }

    var contentType: String {
        switch self {
        case .graphQLResponseJSON: "application/graphql-response+json; charset=utf-8"
        case .json: "application/json; charset=utf-8"
        }
    }

    /// Whether the client takes an incremental `multipart/mixed` subscription response.
    static func acceptsMultipartSubscription(_ accept: String?) -> Bool {
        accept?.lowercased().contains("multipart/mixed") == true
    }
}
