import GraphQLLanguage
import OrionCompiler

/// A Swift struct to generate for one selection set, with everything resolved: its properties
/// (the merged fields), where each nested model lives, its type cases and its fragments.
struct Model {
    enum Kind {
        case operationData
        case field
        case typeCase(isConditional: Bool, needsTypename: Bool)
        case fragment(definition: String)
    }

    /// The path from the top level: `HeroQuery.Data.Hero.AsHuman`.
    var path: String
    var name: String
    var kind: Kind
    var parentTypeName: String
    var properties: [Property] = []
    /// Structs declared inside this one: nested field models and type cases.
    var nested: [Model] = []
    var typeCases: [TypeCaseReference] = []
    var fragments: [FragmentReference] = []
    var description: String?
}

/// A merged field of a model.
struct Property {
    var field: IRField
    /// The full path of the nested model for a composite field, or nil for a leaf.
    var nestedPath: String?
    /// The nested model's name when it is declared inside this model (written unqualified).
    var ownNestedName: String?

    var isConditional: Bool { !field.inclusion.isAlways }
}

/// A type case property: `asHuman`.
struct TypeCaseReference {
    var propertyName: String
    var typeName: String
    var isConditional: Bool
    var needsTypename: Bool
    /// Its @include/@skip conditions, which the selection metadata carries for the cache.
    var inclusion: Inclusion
}

/// A fragment the model exposes through `fragments`.
struct FragmentReference {
    var propertyName: String
    var typeName: String
    /// Optional when the fragment's type condition does not always hold or it has @include/@skip.
    var isOptional: Bool
    var needsTypename: Bool
    var isConditional: Bool
    /// When the spread applies, by its @include/@skip conditions (any of its spreads).
    var inclusion: Inclusion
}
