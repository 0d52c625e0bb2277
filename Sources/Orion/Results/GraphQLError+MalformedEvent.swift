import OrionAPI

extension GraphQLError {
    /// `extensions.code` of an error the client made for a subscription event it could not read.
    public static let malformedEventCode = "ORION_MALFORMED_EVENT"

    /// An event of a subscription that the client could not read (a multipart part that is not
    /// JSON, not a GraphQL response, or data of the wrong shape for the operation's types), as an
    /// error of that event alone.
    ///
    /// A subscription delivers such an event as a result with no data and this one error, and
    /// goes on with the next event: one bad event does not end it, nor lose the events after it.
    /// `path` is where in the response the data did not match, when it is a mismatch of data;
    /// `extensions` has `code` (``malformedEventCode``) and `reason` (the parsing error's text).
    public init(malformedEvent error: any OrionError) {
        var path: [ResponsePath.Component] = []
        if case .dataMismatch(let mismatch)? = error as? ResponseParsingError {
            // A response path starts at `data`; a GraphQL error's path at the field under it.
            path = mismatch.path.components
            if path.first == .key("data") { path.removeFirst() }
        }
        self.init(
            message: "The client could not read this subscription event, and skipped it: \(error.description)",
            path: path,
            extensions: ["code": .string(Self.malformedEventCode), "reason": .string(error.description)]
        )
    }

    /// Whether the client made this error for an event it could not read (``init(malformedEvent:)``).
    public var isMalformedEvent: Bool { code == Self.malformedEventCode }
}
