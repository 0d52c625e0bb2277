import Foundation
import OrionCodegen

/// The operations a server started with `--safelist` runs: those of a persisted-query manifest
/// (Apollo's `apollo-persisted-query-manifest` format, as `orion generate --operation-manifest`
/// writes it), and no other.
///
/// A request may name an operation by its id alone (`extensions.persistedQuery.sha256Hash`), or
/// send its text, which must then be a body of the manifest, character for character: Apollo's
/// router accepts safelisted text by default too (its `require_id: false`), and clients that do
/// not send ids keep working. Automatic persisted queries register nothing in this mode.
///
/// Refusals use the codes and HTTP statuses of Apollo's router (its persisted-queries layer,
/// `apollo-router/src/services/layers/persisted_queries`), which Apollo clients recognize:
/// - an unknown id: `PERSISTED_QUERY_NOT_IN_LIST`, 404;
/// - text that is not in the list: `QUERY_NOT_IN_SAFELIST`, 403;
/// - an id with a text that is not that id's body: `CANNOT_SEND_PQ_ID_AND_BODY`, 400.
struct Safelist: Sendable {
    /// What a request amounts to under the safelist.
    enum Resolution: Equatable {
        /// The manifest's body to run.
        case query(String)
        /// Refused: the error to answer with, and the HTTP status.
        case refused(ResponseError, status: Int)
    }

    /// Body by id.
    private let bodies: [String: String]
    private let allowedTexts: Set<String>

    /// The path the manifest was read from, for messages.
    let path: String

    init(manifest: OperationManifest, path: String) {
        bodies = Dictionary(manifest.operations.map { ($0.id.lowercased(), $0.body) }, uniquingKeysWith: { first, _ in first })
        allowedTexts = Set(manifest.operations.map(\.body))
        self.path = path
    }

    /// Reads the manifest at `path`.
    ///
    /// - Throws: `SafelistError` naming the path and what is wrong with the file.
    static func load(path: String) throws(SafelistError) -> Safelist {
        guard FileManager.default.fileExists(atPath: path) else {
            throw SafelistError(path: path, problem: "does not exist: write it with `orion generate --operation-manifest \(path)`")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SafelistError(path: path, problem: "cannot be read (\(error.localizedDescription))")
        }
        do {
            return Safelist(manifest: try OperationManifest.decode(data), path: path)
        } catch {
            throw SafelistError(path: path, problem: "is not a persisted-query manifest: \(error.description)")
        }
    }

    /// The number of operations the server runs.
    var count: Int { bodies.count }

    func resolve(_ payload: GraphQLRequestPayload) -> Resolution {
        if let id = payload.persistedQueryHash {
            guard let body = bodies[id] else {
                var error = ResponseError(message: "Operation id \(id) is not in this server's safelist (persisted query list).", code: ErrorCode.persistedQueryNotInList)
                error.operationName = payload.operationName
                return .refused(error, status: 404)
            }
            if let text = payload.query, text != body {
                let error = ResponseError(
                    message: "The text sent with persisted query id \(id) is not that operation's body: send the id alone.",
                    code: ErrorCode.cannotSendPersistedQueryIDAndBody)
                return .refused(error, status: 400)
            }
            return .query(body)
        }
        guard let text = payload.query, !text.isEmpty else {
            return .refused(ResponseError(message: "The request has no persisted query id and no \"query\".", code: ErrorCode.badRequest), status: 400)
        }
        guard allowedTexts.contains(text) else {
            let error = ResponseError(message: "This operation is not in this server's safelist: only the operations of its manifest run.", code: ErrorCode.queryNotInSafelist)
            return .refused(error, status: 403)
        }
        return .query(text)
    }
}

/// A `--safelist` manifest the server cannot use.
public struct SafelistError: Error, Sendable, CustomStringConvertible {
    /// The manifest's path, as given.
    public var path: String
    /// What is wrong, as the end of a sentence that starts with the path.
    public var problem: String

    public var description: String { "The safelist \(path) \(problem)." }
}
