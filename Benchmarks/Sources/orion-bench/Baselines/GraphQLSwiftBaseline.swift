import GraphQL

/// GraphQLSwift/GraphQL 4.3.0, the baseline: kept in its own file because its names (`Source`,
/// `Document`, `parse`) are the same as Orion's.
enum GraphQLSwiftBaseline {
    static func parse(_ text: String) throws -> Any {
        try GraphQL.parse(source: GraphQL.Source(body: text, name: "schema-2024-07.graphqls"))
    }
}
