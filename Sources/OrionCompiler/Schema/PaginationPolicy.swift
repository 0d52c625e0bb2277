import GraphQLLanguage

/// A field whose pages the normalized cache merges into one value, as a schema extension
/// declares it: `@fieldPolicy(forField: "launches", paginationArgs: "after")`, or, for a Relay
/// connection, `@typePolicy(connectionFields: "launchesConnection")`, whose pagination
/// arguments are those of `first`, `after`, `last` and `before` the field has.
public struct PaginationPolicy: Sendable, Hashable {
    /// The relay arguments a connection field pages with.
    public static let connectionArguments = ["first", "after", "last", "before"]

    /// The field's name.
    public var field: String
    /// The arguments left out of the field's cache key.
    public var arguments: [String]
    /// Whether the field is a Relay connection (its `pageInfo` merges by direction).
    public var isConnection: Bool
    /// The directive that declares it.
    public var location: Location?

    /// The policies `type` declares, in the order of its directives: `@fieldPolicy` with
    /// `paginationArgs` and `@typePolicy` with `connectionFields`. A connection field's
    /// arguments are those of the relay arguments it has (all four when it is not a field of
    /// the type, which validation reports).
    public static func policies(of type: SchemaType) -> [PaginationPolicy] {
        var policies: [PaginationPolicy] = []
        for directive in type.appliedDirectives {
            switch directive.name.value {
            case "fieldPolicy":
                guard let field = stringArgument("forField", of: directive),
                      let arguments = stringArgument("paginationArgs", of: directive).map(names), !arguments.isEmpty else { continue }
                policies.append(PaginationPolicy(field: field, arguments: arguments, isConnection: false, location: directive.location))
            case "typePolicy":
                for field in stringArgument("connectionFields", of: directive).map(names) ?? [] {
                    let declared = type.field(field)
                    let arguments = connectionArguments.filter { declared == nil || declared?.argument($0) != nil }
                    policies.append(PaginationPolicy(field: field, arguments: arguments, isConnection: true, location: directive.location))
                }
            default:
                continue
            }
        }
        return policies
    }

    /// `"after before"` or `"after, before"` → `["after", "before"]`.
    static func names(_ list: String) -> [String] {
        list.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    }

    private static func stringArgument(_ name: String, of directive: Directive) -> String? {
        guard case .string(let value)? = directive.arguments.first(where: { $0.name.value == name })?.value else { return nil }
        return value.value
    }
}
