import Foundation
import OrionAPI

/// Reads a GraphQL response body (`{"data": ..., "errors": [...], "extensions": {...}}`) into a
/// typed result: the bytes are indexed once and `data` built straight from the index, with the
/// operation's variables (defaults filled in) deciding @include/@skip, as they did on the server.
/// A field error that reaches a field throwing it (`@catch(to: THROW)`) with no field around it
/// catching it fails the parse with ``ResponseParsingError/dataMismatch(_:)``, whose error has
/// the path and the server's error.
@usableFromInline
package enum GraphQLResponse {
    package static func parse<Operation: GraphQLOperation>(
        _ body: Foundation.Data, for operation: Operation
    ) throws(ResponseParsingError) -> GraphQLResult<Operation.Data> {
        let tape: JSONTape
        do {
            tape = try JSONTape(data: body)
        } catch {
            throw .invalidJSON(error)
        }
        guard let root = try? tape.root.decodeObject() else {
            throw .notAGraphQLResponse(reason: "the body is JSON but not an object.")
        }
        return try parse(root, for: operation)
    }

    /// Reads a response object already indexed: a subscription message's payload, read with
    /// the message that carried it.
    @inline(__always)
    package static func parse<Operation: GraphQLOperation>(
        _ root: ResponseObject, for operation: Operation
    ) throws(ResponseParsingError) -> GraphQLResult<Operation.Data> {
        try parse(root, as: Operation.Data.self, variables: operation.variablesWithDefaults)
    }

    /// Reads a response object to data of type `Data`, with `variables` (an operation's
    /// `variablesWithDefaults`, which a subscription works out once for all its events).
    ///
    /// Inlinable, and generic only where it wraps what `read(_:metadata:variables:)` read: code
    /// specialized for the app's data (a subscription's per-event closure, see
    /// `OrionClient.subscribe`) then makes the result without looking up generic metadata.
    @inlinable @inline(__always)
    package static func parse<Data: RootSelectionSet>(
        _ root: ResponseObject, as _: Data.Type, variables: [String: JSONValue]
    ) throws(ResponseParsingError) -> GraphQLResult<Data> {
        let response = try read(root, metadata: Data.__metadata, variables: variables)
        var result = GraphQLResult(data: response.data.map { Data(_dataDict: $0) }, errors: response.errors, extensions: response.extensions, source: .server)
        result.dataObject = response.dataObject
        return result
    }

    /// What a response object holds, the data as a `DataDict` of the selections `metadata`
    /// describes.
    @usableFromInline
    package struct Parts {
        @usableFromInline var data: DataDict?
        @usableFromInline var errors: [GraphQLError]?
        @usableFromInline var extensions: [String: JSONValue]?
        /// The response's `data`, for the cache writer.
        @usableFromInline var dataObject: ResponseObject?
    }

    /// Reads a response object: its `data` with the selections `metadata` describes, and its
    /// errors and extensions.
    @usableFromInline
    package static func read(
        _ root: ResponseObject, metadata: SelectionSetMetadata, variables: [String: JSONValue]
    ) throws(ResponseParsingError) -> Parts {
        // One walk of the tape for the three keys.
        let (dataValue, errorsValue, extensionsValue) = root.withTapeObject { root in
            var hint = KeySearchHint()
            return (
                root.value(forKey: "data", hint: &hint)?.responseValue, root.value(forKey: "errors", hint: &hint)?.responseValue,
                root.value(forKey: "extensions", hint: &hint)?.responseValue
            )
        }
        guard dataValue != nil || errorsValue != nil else {
            throw .notAGraphQLResponse(reason: "it has neither \"data\" nor \"errors\".")
        }
        var response = Parts()
        if let errorsValue, !errorsValue.isNull {
            guard case .list(let entries) = errorsValue.decodeJSON() else {
                throw .notAGraphQLResponse(reason: "\"errors\" is not a list.")
            }
            var parsed: [GraphQLError] = []
            for (index, entry) in entries.enumerated() {
                guard let error = GraphQLError(json: entry) else {
                    throw .notAGraphQLResponse(reason: "errors[\(index)] is not an object with a \"message\".")
                }
                parsed.append(error)
            }
            response.errors = parsed
        }
        if let dataValue, !dataValue.isNull {
            do {
                let dataObject = try dataValue.decodeObject()
                response.dataObject = dataObject
                // The errors are located for the fields that catch them (`@catch`), only when
                // there are any: a response without errors decodes as it is.
                let decoded = try response.errors.map { try dataValue.locatingFieldErrors($0).decodeObject() } ?? dataObject
                response.data = try DataDict(decoding: decoded, metadata: metadata, variables: variables)
            } catch let error as ResponseDecodingError {
                throw .dataMismatch(error.prefixed(by: .key("data")))
            } catch {
                throw .notAGraphQLResponse(reason: "\(error)")
            }
        }
        if let extensionsValue, case .object(let fields) = extensionsValue.decodeJSON() { response.extensions = fields }
        return response
    }
}
