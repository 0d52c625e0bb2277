import GraphQLLanguage

/// The intermediate representation of a set of operations and fragments: what the Swift renderer
/// turns into code, with every name resolved against the schema.
///
/// Named fragments are compiled once and referenced by name from every spread, never expanded
/// in place, so the IR grows linearly with the documents however deeply fragments nest.
public struct CompilationResult: Sendable {
    /// Operations in source order (files sorted by name, then position).
    public var operations: [IROperation]
    /// Fragments in source order.
    public let fragments: [IRFragment]
    /// The same fragments by name, as spreads and documents refer to them.
    public let fragmentsByName: [String: IRFragment]
    /// Every schema type an operation or fragment refers to: field types, type conditions,
    /// variable types and the input objects and enums they reach.
    public var referencedTypeNames: Set<String>

    init(operations: [IROperation], fragments: [IRFragment], referencedTypeNames: Set<String>) {
        self.operations = operations
        self.fragments = fragments
        // Names are unique in valid documents; the first stands for a name otherwise.
        fragmentsByName = Dictionary(fragments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.referencedTypeNames = referencedTypeNames
    }

    /// The fragment called `name`.
    public func fragment(_ name: String) -> IRFragment? { fragmentsByName[name] }
}

/// A query, mutation or subscription.
public struct IROperation: Sendable {
    public var name: String
    public var operationType: OperationType
    public var description: String?
    public var rootTypeName: String
    public var variables: [IRVariable]
    public var selectionSet: IRSelectionSet
    /// The fragments it uses, directly or through other fragments, in order of first use.
    public var referencedFragments: [String]
    /// The operation's own definition, printed.
    public var definitionText: String
    public var location: Location?
    /// Whether it, or a fragment it uses, selects a fragment with `@defer`.
    public var hasDeferredFragments = false
}

/// A named fragment.
public struct IRFragment: Sendable {
    public var name: String
    public var typeCondition: String
    public var description: String?
    public var selectionSet: IRSelectionSet
    /// The fragments it uses, directly or through other fragments, in order of first use.
    public var referencedFragments: [String]
    /// The fragment's definition, printed.
    public var definitionText: String
    public var location: Location?
}

/// A variable of an operation.
public struct IRVariable: Sendable, Hashable {
    public var name: String
    public var type: TypeReference
    public var defaultValue: Value?
    public var description: String?
}

/// When a selection is included, from its `@include(if: $x)` and `@skip(if: $y)` directives.
///
/// A field selected several times under different conditions is included when any of its
/// selections is, so inclusion is a disjunction of conjunctions.
public struct Inclusion: Sendable, Hashable, CustomStringConvertible {
    /// Included when every condition of any one alternative holds; no alternatives: always.
    public var alternatives: [[InclusionCondition]]

    public init(alternatives: [[InclusionCondition]]) {
        self.alternatives = alternatives
    }

    /// Always included.
    public static let always = Inclusion(alternatives: [])

    public var isAlways: Bool { alternatives.isEmpty }

    /// The inclusion of a selection made several times: included when any of them is.
    public static func merging(_ inclusions: [Inclusion]) -> Inclusion {
        if inclusions.isEmpty || inclusions.contains(where: \.isAlways) { return .always }
        var alternatives: [[InclusionCondition]] = []
        for inclusion in inclusions {
            for alternative in inclusion.alternatives where !alternatives.contains(alternative) { alternatives.append(alternative) }
        }
        return Inclusion(alternatives: alternatives)
    }

    public var description: String {
        isAlways ? "always" : alternatives.map { $0.map(\.description).joined(separator: " && ") }.joined(separator: " || ")
    }
}

/// A condition from `@include(if: $x)` or `@skip(if: $x)` on a selection.
public struct InclusionCondition: Sendable, Hashable, CustomStringConvertible {
    public var variable: String
    /// True for `@skip`: included when the variable is false.
    public var isInverted: Bool

    public var description: String { (isInverted ? "!" : "") + "$" + variable }
}

/// The selections made on one type: a field's sub-selections, an inline fragment's, a named
/// fragment's or an operation's.
public struct IRSelectionSet: Sendable {
    /// The type the selections are made on.
    public var parentTypeName: String
    /// Fields selected directly, one per response key (repeated selections of a key merged).
    public var fields: [IRField]
    /// Inline fragments, and type conditions they add.
    public var inlineFragments: [IRInlineFragment]
    /// Spreads of named fragments.
    public var fragmentSpreads: [IRFragmentSpread]
}

extension IRSelectionSet {
    /// Whether a fragment in it, at any depth (named fragments' own selections aside), has `@defer`.
    public var containsDeferral: Bool {
        inlineFragments.contains { $0.deferral != nil || $0.selectionSet.containsDeferral }
            || fragmentSpreads.contains { $0.deferral != nil }
            || fields.contains { $0.selectionSet?.containsDeferral == true }
    }
}

/// A field selection.
public struct IRField: Sendable {
    /// The key in the response: the alias, else the name.
    public var responseKey: String
    public var name: String
    public var alias: String?
    public var type: TypeReference
    public var arguments: [Argument]
    public var inclusion: Inclusion
    public var description: String?
    public var deprecationReason: String?
    /// Sub-selections of a field of composite type.
    public var selectionSet: IRSelectionSet?
    public var location: Location?
    /// What an error in the field becomes (`@catch`, or the schema's `@catchByDefault` for a
    /// field that can be null); nil without the nullability directives.
    public var catchTo: CatchTo?
    /// Whether the schema marks the field, nullable in its type, as null only on error
    /// (`@semanticNonNull`, level 0).
    public var isSemanticNonNull = false
}

/// `... on Type @include(if: $x) { ... }`.
public struct IRInlineFragment: Sendable {
    /// The type condition, or nil for `... @include(if: $x) { }` without one.
    public var typeCondition: String?
    public var inclusion: Inclusion
    public var selectionSet: IRSelectionSet
    /// Its `@defer`, when the server may send its fields later.
    public var deferral: IRDeferral? = nil
}

/// `...FragmentName @include(if: $x)`.
public struct IRFragmentSpread: Sendable {
    public var fragmentName: String
    /// The fragment's type condition.
    public var typeCondition: String
    public var inclusion: Inclusion
    /// Whether the selection set's type always satisfies the fragment's type condition: then
    /// the fragment's fields are always present (without inclusion conditions).
    public var isAlwaysApplicable: Bool
    /// Its `@defer`, when the server may send the fragment's fields later.
    public var deferral: IRDeferral? = nil
}

/// A fragment's `@defer(label:, if:)`: its fields may come in a later payload of the response.
/// `@defer(if: false)` is no deferral; `if: $variable` is one, which the server may answer at once.
public struct IRDeferral: Sendable, Hashable {
    /// The directive's `label`: the name of the generated property.
    public var label: String?
}
