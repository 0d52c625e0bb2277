/// Swift names for GraphQL names: properties, nested types and enum cases, with keywords
/// escaped.
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

    /// Type names that nested model types must not take: they would hide the Swift or Orion
    /// types that generated code refers to in the same scope.
    static let reservedTypeNames: Set<String> = [
        "Any", "Array", "Bool", "Data", "Dictionary", "Double", "Error", "Float", "Fragments", "Hashable", "Identifiable",
        "Int", "Optional", "Protocol", "Self", "Sendable", "Set", "String", "Type", "GraphQLEnum", "GraphQLNullable",
        "OrionAPI",
    ]

    /// An identifier for a property, parameter or case.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
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
        return reservedTypeNames.contains(name) ? name + "_" : name
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
}
