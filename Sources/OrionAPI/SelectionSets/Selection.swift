/// One selection of a generated model, as the runtime needs it to walk a response or a cache
/// record: the field with its arguments and type, a type case, or a fragment.
public enum Selection: Sendable {
    case field(Field)
    /// `... on Type { }` or a conditional inline fragment, with the model of its selections.
    case inlineFragment(any InlineFragment.Type, condition: InclusionCondition? = nil)
    /// `...Name`, with the fragment's model.
    case fragment(any Fragment.Type, condition: InclusionCondition? = nil)

    /// A field selection.
    public static func field(
        _ name: String, alias: String? = nil, _ type: FieldType, arguments: [String: ArgumentValue] = [:],
        condition: InclusionCondition? = nil
    ) -> Selection {
        .field(Field(name: name, alias: alias, type: type, arguments: arguments, condition: condition))
    }

    /// A field of a selection set.
    public struct Field: Sendable {
        public let name: String
        public let alias: String?
        public let type: FieldType
        public let arguments: [String: ArgumentValue]
        public let condition: InclusionCondition?

        /// The key of the field in the response.
        public var responseKey: String { alias ?? name }

        public init(name: String, alias: String?, type: FieldType, arguments: [String: ArgumentValue], condition: InclusionCondition?) {
            self.name = name
            self.alias = alias
            self.type = type
            self.arguments = arguments
            self.condition = condition
        }
    }
}

/// The type of a field in a response.
public indirect enum FieldType: Sendable {
    /// A scalar, enum or custom scalar: stored as the JSON the server sent.
    case scalar
    /// An object, interface or union, read into a nested model.
    case object(any SelectionSet.Type)
    case nonNull(FieldType)
    case list(FieldType)
}

/// An argument's value in a selection: a literal, or a variable of the operation.
public indirect enum ArgumentValue: Sendable, Hashable {
    case value(JSONValue)
    case variable(String)
    case list([ArgumentValue])
    case object([String: ArgumentValue])

    /// The value with the operation's variables substituted: absent variables become `nil`.
    public func resolved(with variables: [String: JSONValue]) -> JSONValue? {
        switch self {
        case .value(let value): return value
        case .variable(let name): return variables[name]
        case .list(let values): return .list(values.map { $0.resolved(with: variables) ?? .null })
        case .object(let fields):
            var object: [String: JSONValue] = [:]
            for (key, value) in fields {
                if let resolved = value.resolved(with: variables) { object[key] = resolved }
            }
            return .object(object)
        }
    }
}

/// When a selection is included, from `@include(if:)` and `@skip(if:)`.
public indirect enum InclusionCondition: Sendable, Hashable {
    /// `@include(if: $variable)`
    case include(String)
    /// `@skip(if: $variable)`
    case skip(String)
    /// Every condition holds.
    case all([InclusionCondition])
    /// Any condition holds.
    case any([InclusionCondition])

    /// Whether the selection is included with these variables (absent variables are false).
    public func evaluate(with variables: [String: JSONValue]) -> Bool {
        switch self {
        case .include(let name): return variables[name] == .bool(true)
        case .skip(let name): return variables[name] != .bool(true)
        case .all(let conditions): return conditions.allSatisfy { $0.evaluate(with: variables) }
        case .any(let conditions): return conditions.contains { $0.evaluate(with: variables) }
        }
    }
}
