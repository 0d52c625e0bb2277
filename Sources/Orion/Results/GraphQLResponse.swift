import Foundation
import OrionAPI

/// Reads a GraphQL response body (`{"data": ..., "errors": [...], "extensions": {...}}`) into a
/// typed result: the bytes are indexed once and `data` built straight from the index, with the
/// operation's variables (defaults filled in) deciding @include/@skip, as they did on the server.
/// A field error that reaches a field throwing it (`@catch(to: THROW)`) with no field around it
/// catching it fails the parse with ``ResponseParsingError/dataMismatch(_:)``, whose error has
/// the path and the server's error.
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
    /// the message that carried it. Inlined into `SubscriptionEvent.parse`, so that an event
    /// looks its generic types' metadata up once, not in each function it passes through.
    @inline(__always)
    package static func parse<Operation: GraphQLOperation>(
        _ root: ResponseObject, for operation: Operation
    ) throws(ResponseParsingError) -> GraphQLResult<Operation.Data> {
        try parse(root, as: Operation.Data.self, variables: operation.variablesWithDefaults)
    }

    /// Reads a response object to data of type `Data`, with `variables` (an operation's
    /// `variablesWithDefaults`, which a subscription works out once for all its events).
    @inline(__always)
    package static func parse<Data: RootSelectionSet>(
        _ root: ResponseObject, as _: Data.Type, variables: [String: JSONValue]
    ) throws(ResponseParsingError) -> GraphQLResult<Data> {
        let dataValue = root.value(forKey: "data")
        let errorsValue = root.value(forKey: "errors")
        guard dataValue != nil || errorsValue != nil else {
            throw .notAGraphQLResponse(reason: "it has neither \"data\" nor \"errors\".")
        }
        var errors: [GraphQLError]?
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
            errors = parsed
        }
        var data: Data?
        var dataObject: ResponseObject?
        if let dataValue, !dataValue.isNull {
            do {
                dataObject = try dataValue.decodeObject()
                // The errors are located for the fields that catch them (`@catch`), only when
                // there are any: a response without errors decodes as it is.
                let located = errors.map { dataValue.locatingFieldErrors($0) } ?? dataValue
                data = try Data(responseValue: located, variables: variables)
            } catch let error as ResponseDecodingError {
                throw .dataMismatch(error.prefixed(by: .key("data")))
            } catch {
                throw .notAGraphQLResponse(reason: "\(error)")
            }
        }
        var extensions: [String: JSONValue]?
        if let value = root.value(forKey: "extensions"), case .object(let fields) = value.decodeJSON() { extensions = fields }
        var result = GraphQLResult(data: data, errors: errors, extensions: extensions, source: .server)
        result.dataObject = dataObject
        return result
    }
}
