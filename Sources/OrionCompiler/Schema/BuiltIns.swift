import GraphQLLanguage

/// What every schema has without declaring it: the spec's scalars, introspection types and
/// directives, and the client directives a code generator adds (as Apollo iOS does), so a
/// schema may use `@typePolicy` without declaring it.
enum BuiltIns {
    static let scalarNames: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]

    /// Types and directives written in SDL and built by the same builder as user schemas.
    static let sdl = #"""
        "The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1."
        scalar Int
        "The `Float` scalar type represents signed double-precision fractional values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point)."
        scalar Float
        "The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text."
        scalar String
        "The `Boolean` scalar type represents `true` or `false`."
        scalar Boolean
        "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID."
        scalar ID

        "Directs the executor to include this field or fragment only when the `if` argument is true."
        directive @include("Included when true." if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        "Directs the executor to skip this field or fragment when the `if` argument is true."
        directive @skip("Skipped when true." if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        "Marks an element of a GraphQL schema as no longer supported."
        directive @deprecated("Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/)." reason: String! = "No longer supported") on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE
        "Exposes a URL that specifies the behavior of this scalar."
        directive @specifiedBy("The URL that specifies the behavior of this scalar." url: String!) on SCALAR
        "Indicates exactly one field must be supplied and this field must not be `null`."
        directive @oneOf on INPUT_OBJECT

        "How the normalized cache stores objects of the type: the fields that identify one (keyFields), and the fields of the type that are Relay connections whose pages it merges into one (connectionFields), each separated by spaces."
        directive @typePolicy(keyFields: String! = "", connectionFields: String! = "") on OBJECT | INTERFACE
        "How the normalized cache stores a field of the type: the arguments that identify the object it returns (keyArgs), and the arguments that select a page, left out of its key so that its pages merge into one (paginationArgs), each separated by spaces."
        directive @fieldPolicy(forField: String!, keyArgs: String! = "", paginationArgs: String! = "") repeatable on OBJECT | INTERFACE
        "Delivers the fragment's fields after the rest of the response."
        directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        "Marks an operation or fragment that only reads and writes the local cache: its models are mutable."
        directive @apollo_client_ios_localCacheMutation on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION

        "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations."
        type __Schema {
          description: String
          "A list of all types supported by this server."
          types: [__Type!]!
          "The type that query operations will be rooted at."
          queryType: __Type!
          "If this server supports mutation, the type that mutation operations will be rooted at."
          mutationType: __Type
          "If this server support subscription, the type that subscription operations will be rooted at."
          subscriptionType: __Type
          "A list of all directives supported by this server."
          directives: [__Directive!]!
        }
        "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum."
        type __Type {
          kind: __TypeKind!
          name: String
          description: String
          specifiedByURL: String
          fields(includeDeprecated: Boolean = false): [__Field!]
          interfaces: [__Type!]
          possibleTypes: [__Type!]
          enumValues(includeDeprecated: Boolean = false): [__EnumValue!]
          inputFields(includeDeprecated: Boolean = false): [__InputValue!]
          ofType: __Type
          isOneOf: Boolean
        }
        "An enum describing what kind of type a given `__Type` is."
        enum __TypeKind { SCALAR OBJECT INTERFACE UNION ENUM INPUT_OBJECT LIST NON_NULL }
        "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type."
        type __Field {
          name: String!
          description: String
          args(includeDeprecated: Boolean = false): [__InputValue!]!
          type: __Type!
          isDeprecated: Boolean!
          deprecationReason: String
        }
        "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value."
        type __InputValue {
          name: String!
          description: String
          type: __Type!
          "A GraphQL-formatted string representing the default value for this input value."
          defaultValue: String
          isDeprecated: Boolean!
          deprecationReason: String
        }
        "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string."
        type __EnumValue {
          name: String!
          description: String
          isDeprecated: Boolean!
          deprecationReason: String
        }
        "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document."
        type __Directive {
          name: String!
          description: String
          isRepeatable: Boolean!
          locations: [__DirectiveLocation!]!
          args(includeDeprecated: Boolean = false): [__InputValue!]!
        }
        "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies."
        enum __DirectiveLocation {
          QUERY MUTATION SUBSCRIPTION FIELD FRAGMENT_DEFINITION FRAGMENT_SPREAD INLINE_FRAGMENT VARIABLE_DEFINITION
          SCHEMA SCALAR OBJECT FIELD_DEFINITION ARGUMENT_DEFINITION INTERFACE UNION ENUM ENUM_VALUE INPUT_OBJECT
          INPUT_FIELD_DEFINITION
        }
        """#

    /// The names of the client directives, which a schema's own declaration replaces.
    static let clientDirectiveNames: Set<String> = ["typePolicy", "fieldPolicy", "defer", "apollo_client_ios_localCacheMutation"]

    /// The built-in definitions, parsed once.
    static let document: Document = {
        do {
            return try Parser.parse(Source(sdl, name: "<built-in>"), options: ParseOptions(mode: .typeSystemOnly))
        } catch {
            preconditionFailure("The built-in SDL does not parse: \(error)")
        }
    }()
}
