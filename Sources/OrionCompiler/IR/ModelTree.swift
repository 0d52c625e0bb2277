import GraphQLLanguage

/// The IR's second stage: the tree of models a code generator declares for an operation or a
/// fragment, with everything resolved: each model's properties (its merged fields), where each
/// nested model lives, its type cases and its fragments. Names come from the target language's
/// ``ModelNaming``.
public struct IRModel: Sendable {
    public enum Kind: Sendable {
        case operationData
        case field
        case typeCase(isConditional: Bool, needsTypename: Bool)
        case fragment(definition: String)
    }

    /// The path from the top level: `HeroQuery.Data.Hero.AsHuman`.
    public var path: String
    public var name: String
    public var kind: Kind
    public var parentTypeName: String
    public var properties: [IRProperty] = []
    /// Models declared inside this one: nested field models and type cases.
    public var nested: [IRModel] = []
    public var typeCases: [IRTypeCase] = []
    public var fragments: [IRFragmentReference] = []
    /// Fragments with `@defer`, exposed as deferred values: inline ones on the model, named ones
    /// through `fragments`.
    public var deferredFragments: [IRDeferredFragment] = []
    public var description: String?

    /// The fields the model selects itself, in the order of its data: the others are read
    /// through a fragment (``IRProperty/readPath``).
    public var storedProperties: [IRProperty] { properties.filter(\.isStored) }
}

/// A fragment selected with `@defer`: its fields are not the model's, but those of a model of its
/// own that is pending until the server sends them.
public struct IRDeferredFragment: Sendable {
    public var propertyName: String
    /// The model: a nested one for an inline fragment, the fragment's for a spread.
    public var typeName: String
    /// The directive's label, which the server echoes in the 2022 format.
    public var label: String?
    /// Whether it is a named fragment's spread (exposed through `fragments`).
    public var isNamedFragment: Bool
    /// Whether it applies only to objects whose `__typename` satisfies its type; its value is
    /// then optional (nil for other objects).
    public var needsTypename: Bool
}

/// A merged field of a model.
public struct IRProperty: Sendable {
    public var field: IRField
    /// The full path of the nested model for a composite field, or nil for a leaf.
    public var nestedPath: String?
    /// The nested model's name when it is declared inside this model (written unqualified).
    public var ownNestedName: String?
    /// Where the value is in the model's data: one position for a field the model selects
    /// itself; for a field only a fragment it spreads selects, the fragment's position, then
    /// the field's place in the fragment's data (itself a path when that fragment has it from
    /// another), so that a fragment's fields are selected and decoded once, in the fragment.
    public var readPath: [Int] = []
    /// The property name of the fragment spread that alone selects the field, before
    /// `readPath` is known.
    var delegate: (propertyName: String, fragmentPath: String)?

    /// Whether the model's data leaves it out: the ``isTypename`` of a model on an object type,
    /// which is always that type's name, and which the runtime reads from the model's metadata.
    /// Not storing it spares every object of the type a value, and its decoding.
    public internal(set) var isParentTypeName = false

    /// Whether the model selects the field itself (it is in the model's selections).
    public var isStored: Bool { delegate == nil && !isParentTypeName }
    public var isConditional: Bool { !field.inclusion.isAlways }
    /// Whether it is `__typename` as code generation adds it to every object's selections:
    /// under its own name, always, without @catch. (An alias of it, or one under @include/@skip,
    /// is a field of the model's own.)
    public var isTypename: Bool { field.name == "__typename" && field.alias == nil && field.catchTo == nil && !isConditional }
}

/// A type case property: `asHuman`.
public struct IRTypeCase: Sendable {
    public var propertyName: String
    public var typeName: String
    public var isConditional: Bool
    public var needsTypename: Bool
    /// Its @include/@skip conditions, which the selection metadata carries for the cache.
    public var inclusion: Inclusion
}

/// A fragment the model exposes through `fragments`.
public struct IRFragmentReference: Sendable {
    public var propertyName: String
    public var typeName: String
    /// Optional when the fragment's type condition does not always hold or it has @include/@skip.
    public var isOptional: Bool
    public var needsTypename: Bool
    public var isConditional: Bool
    /// When the spread applies, by its @include/@skip conditions (any of its spreads).
    public var inclusion: Inclusion
}

/// How a target language names what the model tree declares.
public protocol ModelNaming {
    /// The type of a fragment's model.
    func fragmentTypeName(_ fragment: String) -> String
    /// The property through which a model exposes a fragment.
    func fragmentPropertyName(_ fragment: String) -> String
    /// The model of a field's selections, before it is made unique among its siblings.
    func nestedTypeName(responseKey: String, isList: Bool) -> String
    /// The model of a type case: its type condition (nil for `... @include(if: $x)`) and its
    /// conditions.
    func typeCaseName(condition: String?, inclusion: Inclusion) -> String
    /// The model of an inline fragment with `@defer(label:)`, from its label.
    func deferredTypeName(label: String) -> String
    /// The property of a fragment with `@defer(label:)`, from its label.
    func deferredPropertyName(label: String) -> String
    /// The property of a type case whose model is `typeName`.
    func typeCasePropertyName(_ typeName: String) -> String
    /// Names no nested model or type case may take: models refer to fragments, operations'
    /// models and the like by paths from the top, which a nested type of the same name would
    /// hide.
    var reservedNestedNames: Set<String> { get }
    /// A name made unique by the language's rule (e.g. a suffix), given that `name` is taken.
    func disambiguated(_ name: String) -> String
}

/// Values grouped by key, keys in order of first appearance: how the IR merges a response key
/// selected several times, in a selection set and in a model.
struct OrderedGroups<Value> {
    private(set) var keys: [String] = []
    private var groups: [String: [Value]] = [:]

    mutating func append(_ value: Value, for key: String) {
        if groups[key] == nil { keys.append(key) }
        groups[key, default: []].append(value)
    }

    subscript(key: String) -> [Value] { groups[key] ?? [] }
}
