import OrionAPI

/// A server that safelists operations refused one sent by id.
public enum PersistedQueryError: Error, Sendable, Hashable, OrionError {
    /// The server's safelist (persisted query list) does not have the operation's id: the
    /// manifest this client's operations were generated with has not been published to it.
    case notInSafelist(operationName: String, identifier: String, serverMessage: String)

    /// The refusal among a server's errors, if there is one: the codes with which Apollo's router
    /// (`PERSISTED_QUERY_NOT_IN_LIST`) and Apollo Server (`PERSISTED_QUERY_NOT_FOUND`,
    /// message `PersistedQueryNotFound`) answer an unknown id.
    package init?(refusal errors: [GraphQLError], operationName: String, identifier: String) {
        let codes: Set<String> = ["PERSISTED_QUERY_NOT_IN_LIST", "PERSISTED_QUERY_NOT_FOUND"]
        guard let error = errors.first(where: { $0.code.map(codes.contains) == true || $0.message == "PersistedQueryNotFound" }) else { return nil }
        self = .notInSafelist(operationName: operationName, identifier: identifier, serverMessage: error.message)
    }

    public var description: String {
        switch self {
        case .notInSafelist(let operationName, let identifier, let serverMessage):
            return "The server does not have \(operationName) (id \(identifier)) in its safelist of persisted queries (it said: \(serverMessage)). "
                + "Publish the operation manifest this client was generated with (orion generate --operation-manifest) to the server before shipping the client; "
                + "`orion validate --manifest` lists the operations whose id changed."
        }
    }
}
