import Foundation
import OrionAPI

/// Hand-written operations of paginated fields, the way code generation writes them for:
///
/// ```graphql
/// extend type Query @fieldPolicy(forField: "launches", paginationArgs: "after")
///                   @fieldPolicy(forField: "names", paginationArgs: "after")
///                   @typePolicy(connectionFields: "launchesConnection")
///
/// query Launches($pageSize: Int, $after: String) {
///   launches(pageSize: $pageSize, after: $after) { __typename cursor hasMore launches { __typename id } }
/// }
/// query Names($after: String) { names(after: $after) }
/// query Connection($first: Int, $after: String, $last: Int, $before: String) {
///   launchesConnection(first: $first, after: $after, last: $last, before: $before) {
///     __typename
///     pageInfo { __typename startCursor endCursor hasNextPage hasPreviousPage }
///     edges { __typename cursor node { __typename id } }
///   }
/// }
/// ```
///
/// Launches are keyed by `id`; connections, edges and page infos by their paths.
enum PagingTestSchema: SchemaMetadata {
    static let query = ObjectType(typename: "Query", paginatedFields: [
        PaginatedField(name: "launches", paginationArguments: ["after"]),
        PaginatedField(name: "names", paginationArguments: ["after"]),
        PaginatedField(name: "launchesConnection", paginationArguments: ["first", "after", "last", "before"], isConnection: true),
    ])
    static let launch = ObjectType(typename: "Launch", keyFields: ["id"])
    static let launchConnection = ObjectType(typename: "LaunchConnection")
    static let relayConnection = ObjectType(typename: "RelayConnection")
    static let pageInfo = ObjectType(typename: "PageInfo")
    static let edge = ObjectType(typename: "Edge")

    static func objectType(forTypename typename: String) -> ObjectType? {
        [query, launch, launchConnection, relayConnection, pageInfo, edge].first { $0.typename == typename }
    }

    /// `{ __typename id }` of a launch.
    struct Launch: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(PagingTestSchema.launch), [.field("__typename", String.self), .field("id", String.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var id: String { __data[1] }
    }
}

struct LaunchesPageQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Launches", schema: PagingTestSchema.self, document: OperationDocument(text: "query Launches", identifier: ""))

    var pageSize = 2
    var after: String?
    var __variables: [String: JSONValue] { ["pageSize": .int(pageSize), "after": after.map(JSONValue.string) ?? .null] }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(PagingTestSchema.query), [
            .field("launches", Launches.self, arguments: ["pageSize": .variable("pageSize"), "after": .variable("after")]),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var launches: Launches { __data[0] }
    }

    struct Launches: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(PagingTestSchema.launchConnection), [
            .field("__typename", String.self), .field("cursor", String.self), .field("hasMore", Bool.self),
            .field("launches", [PagingTestSchema.Launch].self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var cursor: String { __data[1] }
        var hasMore: Bool { __data[2] }
        var launches: [PagingTestSchema.Launch] { __data[3] }
    }

    /// The response of the page of launches `ids`, whose cursor is the last id.
    static func response(_ ids: ClosedRange<Int>, hasMore: Bool) -> String {
        let launches = ids.map { #"{"__typename": "Launch", "id": "\#($0)"}"# }.joined(separator: ", ")
        return #"{"launches": {"__typename": "LaunchConnection", "cursor": "\#(ids.upperBound)", "hasMore": \#(hasMore), "launches": [\#(launches)]}}"#
    }
}

struct NamesPageQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Names", schema: PagingTestSchema.self, document: OperationDocument(text: "query Names", identifier: ""))

    var after: String?
    var __variables: [String: JSONValue] { ["after": after.map(JSONValue.string) ?? .null] }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(PagingTestSchema.query), [.field("names", [String].self, arguments: ["after": .variable("after")])])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var names: [String] { __data[0] }
    }
}

struct ConnectionPageQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Connection", schema: PagingTestSchema.self, document: OperationDocument(text: "query Connection", identifier: ""))

    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var __variables: [String: JSONValue] {
        [
            "first": first.map(JSONValue.int) ?? .null, "after": after.map(JSONValue.string) ?? .null,
            "last": last.map(JSONValue.int) ?? .null, "before": before.map(JSONValue.string) ?? .null,
        ]
    }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(PagingTestSchema.query), [
            .field("launchesConnection", Connection.self, arguments: [
                "first": .variable("first"), "after": .variable("after"), "last": .variable("last"), "before": .variable("before"),
            ]),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var launchesConnection: Connection { __data[0] }
    }

    struct Connection: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(PagingTestSchema.relayConnection), [
            .field("__typename", String.self), .field("pageInfo", PageInfo.self), .field("edges", [Edge].self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var pageInfo: PageInfo { __data[1] }
        var edges: [Edge] { __data[2] }
    }

    struct PageInfo: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(PagingTestSchema.pageInfo), [
            .field("__typename", String.self), .field("startCursor", String?.self), .field("endCursor", String?.self),
            .field("hasNextPage", Bool.self), .field("hasPreviousPage", Bool.self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var startCursor: String? { __data[1] }
        var endCursor: String? { __data[2] }
        var hasNextPage: Bool { __data[3] }
        var hasPreviousPage: Bool { __data[4] }
    }

    struct Edge: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(PagingTestSchema.edge), [
            .field("__typename", String.self), .field("cursor", String.self), .field("node", PagingTestSchema.Launch.self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var cursor: String { __data[1] }
        var node: PagingTestSchema.Launch { __data[2] }
    }

    /// The response of the page of launches `ids` (cursor `c` and the id) of the launches 1 to `total`.
    static func response(_ ids: ClosedRange<Int>, of total: Int) -> String {
        let edges = ids.map { #"{"__typename": "Edge", "cursor": "c\#($0)", "node": {"__typename": "Launch", "id": "\#($0)"}}"# }
        let pageInfo = #"{"__typename": "PageInfo", "startCursor": "c\#(ids.lowerBound)", "endCursor": "c\#(ids.upperBound)", "#
            + #""hasNextPage": \#(ids.upperBound < total), "hasPreviousPage": \#(ids.lowerBound > 1)}"#
        return #"{"launchesConnection": {"__typename": "RelayConnection", "pageInfo": \#(pageInfo), "edges": [\#(edges.joined(separator: ", "))]}}"#
    }
}
