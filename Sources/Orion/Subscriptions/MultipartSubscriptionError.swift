import OrionAPI

/// A multipart subscription response that does not follow the protocol. Parts are numbered from 1
/// in the order they arrive; excerpts show the start of the offending bytes.
///
/// The cases about one part's body or content type describe a
/// ``MultipartSubscriptionEvent/malformed(_:)`` part, after which the stream goes on; the others
/// (delimiters, headers, truncation) are thrown, and end it.
public enum MultipartSubscriptionError: Error, Sendable, Equatable, OrionError {
    /// A part's body is not JSON.
    case invalidJSON(part: Int, reason: String, excerpt: String)
    /// A part's body is JSON but not an object.
    case notAnObject(part: Int, excerpt: String)
    /// A part's body is empty.
    case emptyPart(part: Int)
    /// A part's body is an object that is neither a heartbeat, a payload nor transport errors.
    case unexpectedPart(part: Int, keys: [String])
    /// A part's `payload` is neither an object nor (with `errors`) null.
    case invalidPayload(part: Int, found: String)
    /// A part's top-level `errors` is not a list.
    case invalidErrors(part: Int, found: String)
    /// A part declares a content type other than JSON.
    case unsupportedContentType(part: Int, contentType: String)
    /// The line of a boundary delimiter goes on with something other than spaces.
    case invalidDelimiterLine(part: Int, excerpt: String)
    /// A part's header section is longer than the parser accepts.
    case headersTooLong(part: Int, limit: Int)
    /// The stream ended inside a part, before the final boundary `--boundary--`.
    case truncated(part: Int, boundary: String)

    private static let expectedParts = #"expected {} (a heartbeat), {"payload": {...}} or {"payload": null, "errors": [...]}"#

    public var description: String {
        switch self {
        case .invalidJSON(let part, let reason, let excerpt):
            return "Part \(part) of the multipart subscription response is not JSON (\(reason)): \(excerpt); \(Self.expectedParts)."
        case .notAnObject(let part, let excerpt):
            return "Part \(part) of the multipart subscription response is JSON but not an object: \(excerpt); \(Self.expectedParts)."
        case .emptyPart(let part):
            return "Part \(part) of the multipart subscription response has an empty body; \(Self.expectedParts)."
        case .unexpectedPart(let part, let keys):
            let found = keys.isEmpty ? "no fields" : "the fields " + keys.map { "\"\($0)\"" }.joined(separator: ", ")
            return "Part \(part) of the multipart subscription response is an object with \(found); \(Self.expectedParts). "
                + "A server answering with \"data\" at the top level is not speaking subscriptionSpec=1.0."
        case .invalidPayload(let part, let found):
            return "Part \(part) of the multipart subscription response has a \"payload\" that is \(found); expected an object "
                + "(a GraphQL response), or null together with a list of \"errors\"."
        case .invalidErrors(let part, let found):
            return "Part \(part) of the multipart subscription response has top-level \"errors\" that are \(found); expected a list of errors."
        case .unsupportedContentType(let part, let contentType):
            return "Part \(part) of the multipart subscription response has the content type \"\(contentType)\"; expected application/json."
        case .invalidDelimiterLine(let part, let excerpt):
            return "The boundary line before part \(part) of the multipart subscription response goes on with \(excerpt); "
                + "expected only spaces and a line break after the boundary."
        case .headersTooLong(let part, let limit):
            return "The headers of part \(part) of the multipart subscription response are longer than \(limit) bytes; "
                + "expected a few short headers such as content-type, then an empty line."
        case .truncated(let part, let boundary):
            return "The multipart subscription response ended inside part \(part): expected the rest of the part and the final "
                + "boundary \"--\(boundary)--\". The connection was probably cut."
        }
    }
}
