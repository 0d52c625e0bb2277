/// Swift names for GraphQL names: properties, nested types and enum cases, with keywords
/// escaped. The rules, which the README lists for users:
///
/// - A name that is a Swift keyword is written in backticks (`` `class` ``).
/// - A member name Swift cannot use even in backticks after a dot (`self`, `Self`, `Type`,
///   `Protocol`) gets a `_` suffix: `self_`.
/// - A type name that would hide a name generated code relies on gets a `_` suffix: nested
///   models (`Data_`, `Type_`), schema types (`Swift_`, `OrionAPI_`, `OrionTestSupport_`,
///   `Objects_`), fragments.
/// - Enum cases are lower camel case (`NEW_HOPE` → `newHope`); a value whose case is already
///   taken (`VALUE` and `value`) gets `_` suffixes, in schema order, until it is unique.
///
/// Generated code names Swift's own types by module (`Swift.String`, `Swift.Hashable`), so no
/// schema name can capture them.
enum SwiftNames {
    /// Words Swift reserves in declarations and expressions; a property or case with one of these
    /// names is written in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Names a member cannot have even in backticks: `x.self`, `X.Type` and `X.Protocol` mean
    /// something else after a dot.
    static let memberUnsafeNames: Set<String> = ["self", "Self", "Type", "Protocol"]

    /// Type names no generated type may take, in any scope: Swift cannot declare or refer to
    /// them as members, or they are the modules generated code names its types through.
    static let reservedTypeNames: Set<String> = ["Any", "Self", "Type", "Protocol", "Swift", "OrionAPI", "OrionTestSupport", "Foundation"]

    /// Type names nested models must not take besides: the operation's `Data`, the
    /// `Fragments` typealias, `Identifiable`'s `ID`, and the names of the standard types that
    /// users' own code inside an extension of a model would otherwise lose.
    static let reservedNestedTypeNames: Set<String> = reservedTypeNames.union([
        "Array", "Bool", "Data", "Dictionary", "Double", "Error", "Float", "Fragments", "Hashable", "ID", "Identifiable",
        "Int", "Optional", "Sendable", "Set", "String", "GraphQLEnum", "GraphQLNullable",
    ])

    /// Names of the namespace's own declarations, which schema types must not take.
    static let namespaceMemberNames: Set<String> = ["SchemaMetadata", "SchemaConfiguration", "Objects", "Interfaces", "Unions"]

    /// An identifier for a property, parameter or case.
    static func identifier(_ name: String) -> String {
        if memberUnsafeNames.contains(name) { return name + "_" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// The Swift name of a type: `name`, with `_` appended while it is in `reserved`.
    static func typeName(_ name: String, avoiding reserved: Set<String>) -> String {
        var result = name
        while reservedTypeNames.contains(result) || reserved.contains(result) { result += "_" }
        return result
    }

    /// `launches` → `Launches`.
    static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `HeroDetails` → `heroDetails`.
    static func lowerFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    /// The nested model type for a field: its response key, capitalized, singular for lists
    /// (`launches` → `Launch`).
    static func nestedTypeName(responseKey: String, isList: Bool) -> String {
        var name = upperFirst(responseKey.hasPrefix("__") ? String(responseKey.dropFirst(2)) : responseKey)
        if isList { name = singular(name) }
        return typeName(name, avoiding: reservedNestedTypeNames)
    }

    /// English singular of a plural noun, for the common endings; anything else unchanged.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        let irregular = ["people": "person", "children": "child", "men": "man", "women": "woman", "data": "data", "media": "media"]
        for (plural, single) in irregular where lower.hasSuffix(plural) {
            let stem = word.dropLast(plural.count)
            let tail = word.suffix(plural.count)
            let singleWord = tail.first?.isUppercase == true ? upperFirst(single) : single
            return stem + singleWord
        }
        if lower.hasSuffix("ies"), word.count > 3 { return word.dropLast(3) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "zzes"] where lower.hasSuffix(ending) { return String(word.dropLast(2)) }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") { return word }
        if lower.hasSuffix("s"), word.count > 1 { return String(word.dropLast()) }
        return word
    }

    /// An enum case for a GraphQL enum value: `NEW_HOPE` → `newHope`, `inProgress` stays.
    static func enumCase(_ value: String) -> String {
        let isScreaming = value.contains { $0.isLetter } && !value.contains { $0.isLowercase }
        guard isScreaming else { return identifier(lowerFirst(value)) }
        var result = ""
        var upperNext = false
        for character in value {
            if character == "_" {
                upperNext = !result.isEmpty
                continue
            }
            result += upperNext ? character.uppercased() : character.lowercased()
            upperNext = false
        }
        if result.isEmpty { result = value }
        if let first = result.first, first.isNumber { result = "_" + result }
        return identifier(result)
    }

    /// Property names for members a type declares together (input fields, variables): each an
    /// `identifier`, with `_` appended while it is one of `reserved` (the generated type's own
    /// members) or taken by an earlier one.
    static func memberIdentifiers(_ names: [String], avoiding reserved: Set<String>) -> [String] {
        var used = reserved
        return names.map { name in
            var result = identifier(name)
            while used.contains(result) { result = result.filter { $0 != "`" } + "_" }
            used.insert(result)
            return result
        }
    }

    /// The cases of an enum's values, in order: each as `enumCase` converts it, made unique by
    /// `_` suffixes where two values convert to the same case (or to `allCases`).
    static func enumCases(_ values: [String]) -> [String] {
        // `allCases` is the enum's own static member.
        var used: Set<String> = ["allCases"]
        return values.map { value in
            var name = enumCase(value)
            while !used.insert(name.filter { $0 != "`" }).inserted {
                name = name.filter { $0 != "`" } + "_"
            }
            return name
        }
    }
}
