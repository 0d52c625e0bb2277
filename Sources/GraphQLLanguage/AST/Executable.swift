// The nodes that have an Optional part besides their location keep their public initializer in
// an extension, so that they also get the memberwise one, which the parser uses: under Swift 6.3
// -O an explicit initializer that assigns such a node field by field builds it on the stack and
// copies it out, a retain and a release of every reference in it, per node.

/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Hashable, Sendable, CaseIterable {
    case query, mutation, subscription
}

/// An operation: `query Name($var: Type) @directive { ... }`, or the `{ ... }` shorthand.
public struct OperationDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var operation: OperationType
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension OperationDefinition {
    public init(
        description: StringValue? = nil, operation: OperationType, name: Name? = nil,
        variableDefinitions: [VariableDefinition] = [], directives: [Directive] = [],
        selectionSet: SelectionSet, location: Location? = nil
    ) {
        self.init(description: description, operation: operation, name: name,
            variableDefinitions: variableDefinitions, directives: directives, selectionSet: selectionSet,
            storedLocation: location)
    }
}

/// `$name: Type = default @directive`, with an optional description (September 2025 edition).
public struct VariableDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var variable: Variable
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension VariableDefinition {
    public init(
        description: StringValue? = nil, variable: Variable, type: TypeReference,
        defaultValue: Value? = nil, directives: [Directive] = [], location: Location? = nil
    ) {
        self.init(description: description, variable: variable, type: type, defaultValue: defaultValue,
            directives: directives, storedLocation: location)
    }
}

/// `{ selection ... }`.
public struct SelectionSet: Hashable, Sendable {
    public var selections: [Selection]
    public var location: Location?

    public init(selections: [Selection], location: Location? = nil) {
        self.selections = selections
        self.location = location
    }
}

/// A field, a fragment spread or an inline fragment.
public enum Selection: Hashable, Sendable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var location: Location? {
        switch self {
        case .field(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

/// `alias: name(arguments) @directives { selections }`.
public struct Field: Hashable, Sendable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }

    /// The key the field has in a response: its alias, else its name.
    public var responseKey: String { alias?.value ?? name.value }
}

extension Field {
    public init(
        alias: Name? = nil, name: Name, arguments: [Argument] = [], directives: [Directive] = [],
        selectionSet: SelectionSet? = nil, location: Location? = nil
    ) {
        self.init(alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
            storedLocation: location)
    }
}

/// `name: value`, in a field or directive.
public struct Argument: Hashable, Sendable {
    public var name: Name
    public var value: Value
    public var location: Location?

    public init(name: Name, value: Value, location: Location? = nil) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// `...FragmentName @directives`.
public struct FragmentSpread: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var location: Location?

    public init(name: Name, directives: [Directive] = [], location: Location? = nil) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// `... on Type @directives { selections }`; the type condition is optional.
public struct InlineFragment: Hashable, Sendable {
    public var typeCondition: NamedType?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension InlineFragment {
    public init(
        typeCondition: NamedType? = nil, directives: [Directive] = [], selectionSet: SelectionSet,
        location: Location? = nil
    ) {
        self.init(typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
            storedLocation: location)
    }
}

/// `fragment Name on Type @directives { selections }`, with an optional description.
public struct FragmentDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var typeCondition: NamedType
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    // Not `location`, so that the memberwise initializer does not clash with the public one.
    var storedLocation: Location?

    public var location: Location? {
        get { storedLocation }
        set { storedLocation = newValue }
    }
}

extension FragmentDefinition {
    public init(
        description: StringValue? = nil, name: Name, typeCondition: NamedType,
        directives: [Directive] = [], selectionSet: SelectionSet, location: Location? = nil
    ) {
        self.init(description: description, name: name, typeCondition: typeCondition, directives: directives,
            selectionSet: selectionSet, storedLocation: location)
    }
}

/// `@name(arguments)`.
public struct Directive: Hashable, Sendable {
    public var name: Name
    public var arguments: [Argument]
    public var location: Location?

    public init(name: Name, arguments: [Argument] = [], location: Location? = nil) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}
