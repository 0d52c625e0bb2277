import GraphQLLanguage

/// The nullability directives of https://specs.apollo.dev/nullability/v0.4, as Apollo Kotlin
/// defines them: known to a schema only when it imports them with
/// `extend schema @link(url: "https://specs.apollo.dev/nullability/v0.4", import: [...])`;
/// without the import they are unknown directives.
///
/// - `@semanticNonNull(levels:)` on a field definition, and `@semanticNonNullField(name:levels:)`
///   on a type for a field one cannot edit: the field is null only when it has an error.
/// - `@catch(to:levels:)` on a field of an operation: what an error in it becomes.
/// - `@catchByDefault(to:)` on the schema: the same for every field that can be null.
public enum Nullability {
    /// The URL a `@link` names to import the directives.
    public static let specURL = "https://specs.apollo.dev/nullability/v0.4"

    /// The definitions, by the name a `@link` imports them by.
    static let definitions: [(name: String, sdl: String)] = [
        ("@semanticNonNull", #"""
            "The field is null only when it has an error (levels: 0 the field, 1 its list's items, ...)."
            directive @semanticNonNull(levels: [Int!]! = [0]) on FIELD_DEFINITION
            """#),
        ("@semanticNonNullField", #"""
            "Field `name` of the type is null only when it has an error: @semanticNonNull for a field one cannot edit."
            directive @semanticNonNullField(name: String!, levels: [Int!]! = [0]) repeatable on OBJECT | INTERFACE
            """#),
        ("@catch", #"""
            "What an error in the field becomes: a FieldResult (RESULT), nil (NULL), or an error thrown to the field around (THROW)."
            directive @catch(to: CatchTo! = RESULT, levels: [Int!]! = [0]) on FIELD
            """#),
        ("@catchByDefault", #"""
            "What an error in a field that can be null becomes, for the fields without @catch."
            directive @catchByDefault(to: CatchTo!) on SCHEMA
            """#),
        ("CatchTo", #"""
            "What an error in a field becomes."
            enum CatchTo { RESULT NULL THROW }
            """#),
    ]

    /// The names the documents' `@link`s import from the spec: `@catch`, `CatchTo`... (with
    /// `CatchTo` whenever a directive that takes it is imported).
    static func imports(in documents: [Document]) -> Set<String> {
        var names: Set<String> = []
        for document in documents {
            for definition in document.definitions {
                let directives: [Directive]
                switch definition {
                case .schema(let schema): directives = schema.directives
                case .schemaExtension(let schema): directives = schema.directives
                default: continue
                }
                for link in directives where link.name.value == "link" {
                    guard case .string(let url)? = link.arguments.first(where: { $0.name.value == "url" })?.value,
                          url.value == specURL else { continue }
                    guard case .list(let list)? = link.arguments.first(where: { $0.name.value == "import" })?.value else { continue }
                    for case .string(let name) in list.values { names.insert(name.value) }
                }
            }
        }
        if names.contains("@catch") || names.contains("@catchByDefault") { names.insert("CatchTo") }
        return names.intersection(definitions.map(\.name))
    }

    /// The definitions of the imported names, as SDL built with the built-ins.
    static func document(importing names: Set<String>) -> Document? {
        let sdl = definitions.filter { names.contains($0.name) }.map(\.sdl).joined(separator: "\n")
        guard !sdl.isEmpty else { return nil }
        do {
            return try Parser.parse(Source(sdl, name: "<nullability v0.4>"), options: ParseOptions(mode: .typeSystemOnly))
        } catch {
            preconditionFailure("The nullability directives' SDL does not parse: \(error)")
        }
    }
}

/// What an error in a field becomes (`@catch(to:)`, `@catchByDefault(to:)`).
public enum CatchTo: String, Sendable, Hashable {
    /// A `FieldResult`: the value, or the error.
    case result = "RESULT"
    /// `nil`, as GraphQL has it.
    case null = "NULL"
    /// An error thrown to the nearest field around that catches, else out of decoding.
    case `throw` = "THROW"
}

extension Schema {
    /// Whether the schema imports `@name` from the nullability spec (see ``Nullability``).
    public func importsNullabilityDirective(_ name: String) -> Bool {
        nullabilityImports.contains("@" + name) && directives[name]?.isBuiltIn == true
    }

    /// `@catchByDefault(to:)` of the schema, when it imports and applies it.
    public var catchByDefault: CatchTo? {
        guard importsNullabilityDirective("catchByDefault") else { return nil }
        for directive in schemaDirectives where directive.name.value == "catchByDefault" {
            if case .enum(let value)? = directive.arguments.first(where: { $0.name.value == "to" })?.value {
                return CatchTo(rawValue: value.value)
            }
        }
        return nil
    }

    /// The levels at which `field` of `type` is semantically non-null (`@semanticNonNull` on the
    /// field, `@semanticNonNullField` on the type): 0 the field, 1 its list's items...; empty
    /// when it is not, or when the schema does not import the directives.
    public func semanticNonNullLevels(of field: SchemaField, on type: SchemaType) -> [Int] {
        var levels: [Int] = []
        if importsNullabilityDirective("semanticNonNull") {
            for directive in field.appliedDirectives where directive.name.value == "semanticNonNull" {
                levels += Nullability.levels(directive)
            }
        }
        if importsNullabilityDirective("semanticNonNullField") {
            for directive in type.appliedDirectives where directive.name.value == "semanticNonNullField" {
                guard case .string(let name)? = directive.arguments.first(where: { $0.name.value == "name" })?.value,
                      name.value == field.name else { continue }
                levels += Nullability.levels(directive)
            }
        }
        return levels.uniqued()
    }

    /// A field's `@catch`, when the schema imports it: what to catch to, and at which levels.
    public func catchDirective(of field: Field) -> (to: CatchTo, levels: [Int], location: Location?)? {
        guard importsNullabilityDirective("catch"), let directive = field.directives.first(where: { $0.name.value == "catch" }) else {
            return nil
        }
        var to = CatchTo.result
        if case .enum(let value)? = directive.arguments.first(where: { $0.name.value == "to" })?.value, let parsed = CatchTo(rawValue: value.value) {
            to = parsed
        }
        return (to, Nullability.levels(directive), directive.location)
    }
}

extension Nullability {
    /// A directive's `levels:` literal, `[0]` when absent.
    static func levels(_ directive: Directive) -> [Int] {
        guard let argument = directive.arguments.first(where: { $0.name.value == "levels" }) else { return [0] }
        switch argument.value {
        case .list(let list):
            return list.values.compactMap { if case .int(let int) = $0 { Int(int.value) } else { nil } }
        case .int(let int):
            // Input coercion: a single value stands for a list of one.
            return Int(int.value).map { [$0] } ?? []
        default:
            return [0]
        }
    }
}
