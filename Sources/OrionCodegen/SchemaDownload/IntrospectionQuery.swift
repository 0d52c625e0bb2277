/// The introspection query `orion fetch-schema` sends: everything a schema file holds, to the
/// depth of nesting that type references reach in practice (seven wrappers; `[[Int!]!]!` needs
/// five).
public enum IntrospectionQuery {
    public static let operationName = "IntrospectionQuery"

    /// The query of the current spec edition, or, with `current: false`, without what servers
    /// added since 2018 (`isOneOf`, `specifiedByURL`, `isRepeatable`, deprecated arguments and
    /// input fields, the schema's description), for servers that reject those fields.
    public static func text(current: Bool = true) -> String {
        func newer(_ text: String) -> String { current ? text : "" }
        let deprecated = newer("(includeDeprecated: true)")
        return """
            query IntrospectionQuery {
              __schema {
                \(newer("description"))
                queryType { name }
                mutationType { name }
                subscriptionType { name }
                types { ...FullType }
                directives {
                  name
                  description
                  \(newer("isRepeatable"))
                  locations
                  args\(deprecated) { ...InputValue }
                }
              }
            }

            fragment FullType on __Type {
              kind
              name
              description
              \(newer("specifiedByURL"))
              \(newer("isOneOf"))
              fields(includeDeprecated: true) {
                name
                description
                args\(deprecated) { ...InputValue }
                type { ...TypeRef }
                isDeprecated
                deprecationReason
              }
              inputFields\(deprecated) { ...InputValue }
              interfaces { ...TypeRef }
              enumValues(includeDeprecated: true) {
                name
                description
                isDeprecated
                deprecationReason
              }
              possibleTypes { ...TypeRef }
            }

            fragment InputValue on __InputValue {
              name
              description
              type { ...TypeRef }
              defaultValue
              \(newer("isDeprecated"))
              \(newer("deprecationReason"))
            }

            fragment TypeRef on __Type {
              kind
              name
              ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
            }
            """
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.allSatisfy(\.isWhitespace) || $0.isEmpty }
            .joined(separator: "\n")
    }
}
