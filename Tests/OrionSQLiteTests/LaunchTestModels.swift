import Foundation
import OrionAPI

/// A query written by hand the way code generation writes it, for tests of a store over a
/// cache: `query Launch { launch { __typename id isBooked } }`, launches keyed by `id`.
enum LaunchTestSchema: SchemaMetadata {
    static let launch = ObjectType(typename: "Launch", keyFields: ["id"])
    static func objectType(forTypename typename: String) -> ObjectType? { typename == "Launch" ? launch : nil }
}

struct LaunchQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Launch", schema: LaunchTestSchema.self, document: OperationDocument(text: "query Launch { launch { __typename id isBooked } }", identifier: ""))

    var __variables: [String: JSONValue] { [:] }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("launch", Launch?.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var launch: Launch? { __data[0] }
    }

    struct Launch: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(LaunchTestSchema.launch), [.field("__typename", String.self), .field("id", String.self), .field("isBooked", Bool.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var id: String { __data[1] }
        var isBooked: Bool { __data[2] }
    }

    /// The query's data as a server sends it.
    static func response(id: String, isBooked: Bool) throws -> ResponseObject {
        try ResponseObject(jsonData: Foundation.Data(#"{"launch": {"__typename": "Launch", "id": "\#(id)", "isBooked": \#(isBooked)}}"#.utf8))
    }
}
