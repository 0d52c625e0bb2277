import GraphQL

/// Works around GraphQLSwift 4.3's `__InputValue.isDeprecated`: it has no resolver and the
/// argument definitions it reflects on have no such property, so any introspection query
/// asking for it (graphql-js with `inputValueDeprecation: true`) fails with "Cannot return
/// null for non-nullable field". The field gets a resolver reading `deprecationReason`.
enum IntrospectionFix {
    /// True once the patch is in. `__InputValue` is one object shared by every GraphQLSwift
    /// schema in the process, so it is patched once: Swift runs a `static let`'s initializer
    /// exactly once, thread-safely, on first use (before the first server runs).
    static let applied: Bool = {
        guard let probe = try? GraphQLSchema(query: GraphQLObjectType(name: "Probe", fields: ["probe": GraphQLField(type: GraphQLString)])),
              let inputValue = probe.getType(name: "__InputValue") as? GraphQLObjectType
        else { return false }
        let original = inputValue.fields
        inputValue.fields = {
            var fields = try original()
            fields["isDeprecated"] = GraphQLField(type: GraphQLNonNull(GraphQLBoolean)) { source, _, _, _ in
                let reason = Mirror(reflecting: source).children.first { $0.label == "deprecationReason" }?.value
                return (reason as? String?).flatMap { $0 } != nil
            }
            return fields
        }
        return true
    }()
}
