import GraphQL

/// GraphQLSwift/GraphQL 4.3.0, the baseline: kept in its own file because its names (`Source`,
/// `Document`, `parse`) are the same as Orion's.
enum GraphQLSwiftBaseline {
    static func parse(_ text: String) throws -> Any {
        try GraphQL.parse(source: GraphQL.Source(body: text, name: "schema-2024-07.graphqls"))
    }

    /// buildSchema and validateSchema, what a server does with SDL at start-up.
    static func buildAndValidateSchema(_ text: String) throws -> Any {
        let schema = try GraphQL.buildSchema(source: text)
        let errors = GraphQL.validateSchema(schema: schema)
        guard errors.isEmpty else { throw BenchmarkError(description: "GraphQLSwift rejects the schema: \(errors[0])") }
        return schema
    }
}
