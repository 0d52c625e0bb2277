/// One selection of a generated model, as the runtime needs it to walk a response or a cache
/// record: the field with its arguments and type, a type case, or a fragment.
public enum Selection: Sendable {
    case field(Field)
    /// `... on Type { }` or a conditional inline fragment, with the model of its selections.
    /// `checksType`: whether it applies only to objects whose `__typename` satisfies its type
    /// (false when its type is that of the enclosing selections).
    case inlineFragment(any InlineFragment.Type, condition: InclusionCondition? = nil, checksType: Bool = true)
    /// `...Name`, with the fragment's model. `checksType`: whether it applies only to objects
    /// whose `__typename` satisfies the fragment's type (false when every object here does).
    case fragment(any Fragment.Type, condition: InclusionCondition? = nil, checksType: Bool = false)
    /// An inline fragment or fragment spread with `@defer`, with its model (an ``InlineFragment``
    /// or a ``Fragment``) and the directive's `label`. Its data is there once the server has
    /// sent its fields, and reads as ``Deferred/pending`` until then. `checksType`: whether it
    /// applies only to objects whose `__typename` satisfies its type.
    case deferred(any SelectionSet.Type, label: String?, checksType: Bool = false)

    /// A field selection. `type` is the Swift type its property reads (`String`, `Hero?`,
    /// `[Friend?]?`), from which its ``FieldType`` follows.
    /// `catch`: what decoding does with a GraphQL error in the field (`@catch`, or the schema's
    /// `@catchByDefault`); `nil` for a field of a schema without them: its value is `null`.
    public static func field<T: DataDictReadable>(
        _ name: String, alias: String? = nil, _ type: T.Type, arguments: [String: ArgumentValue] = [:],
        condition: InclusionCondition? = nil, catch catchTo: CatchTo? = nil
    ) -> Selection {
        .field(Field(name: name, alias: alias, type: FieldType(T.self), arguments: arguments, condition: condition, catchTo: catchTo))
    }

    /// A field selection with no alias, arguments, condition or `catch`: most fields.
    ///
    /// The same as `field(_:alias:_:arguments:condition:catch:)`; its own overload because a
    /// call that leaves parameters to their defaults compiles a call for each default, and
    /// generated metadata makes thousands of these calls (2.3% of the instructions of the Star
    /// Wars module's debug compile).
    public static func field<T: DataDictReadable>(_ name: String, _ type: T.Type) -> Selection {
        field(name, alias: nil, type, arguments: [:], condition: nil, catch: nil)
    }

    /// `__typename`, which code generation adds to the selections of every object: one selection
    /// that every model's metadata shares, written `.typename`, where a `.field("__typename",
    /// Swift.String.self)` in each was an expression for the compiler to check and build
    /// (about 1 % of the Star Wars module's debug compile).
    public static let typename: Selection = .field("__typename", String.self)

    /// A field of a selection set. A class, so that walking selections (for every object decoded,
    /// normalized or read from the cache) copies one reference, not each of its parts.
    public final class Field: Sendable {
        public let name: String
        public let alias: String?
        public let type: FieldType
        public let arguments: [String: ArgumentValue]
        public let condition: InclusionCondition?
        /// What decoding does with a GraphQL error in the field; `nil`: it reads as `null`, and
        /// one in a field inside it passes through (to the nearest field that catches).
        public let catchTo: CatchTo?
        /// The key of the field in the response.
        public let responseKey: String
        /// `responseKey`'s UTF-8 bytes, owned by the field and freed with it: what a response
        /// object's key search compares, read without copying the string (a retain and release
        /// of its storage for every field decoded).
        @usableFromInline nonisolated(unsafe) package let responseKeyBytes: UnsafeBufferPointer<UInt8>
        /// Whether `responseKey` has a quote, which no GraphQL name has: the key search of a
        /// response compares text, which such a key could match across keys, so it is looked up
        /// by the keys' decoded text instead.
        @usableFromInline package let responseKeyHasQuote: Bool
        /// `type` as decoding reads it, flat: an indirect `FieldType` is a box per level, which
        /// each value's decoding would retain and release to reach the scalar or object inside.
        @usableFromInline package let shape: Shape
        /// Whether the field is `__typename` (aliased or not): its value is the object's type
        /// name, which a reader that has it already need not decode again.
        package let isTypename: Bool

        /// A field's type, read without unboxing: a scalar or object, nullable or not, or
        /// another type (a list), decoded through `type`.
        @usableFromInline
        package enum Shape: Sendable {
            case scalar(any ScalarType.Type, nonNull: Bool)
            case object(any SelectionSet.Type, nonNull: Bool)
            case other

            init(_ type: FieldType) {
                switch type {
                case .scalar(let scalar), .nonNull(.scalar(let scalar)): self = .scalar(scalar, nonNull: type.isNonNull)
                case .object(let model), .nonNull(.object(let model)): self = .object(model, nonNull: type.isNonNull)
                default: self = .other
                }
            }
        }

        public init(
            name: String, alias: String?, type: FieldType, arguments: [String: ArgumentValue], condition: InclusionCondition?,
            catchTo: CatchTo? = nil
        ) {
            self.name = name
            self.alias = alias
            self.type = type
            self.arguments = arguments
            self.condition = condition
            self.catchTo = catchTo
            let responseKey = alias ?? name
            self.responseKey = responseKey
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: responseKey.utf8.count)
            _ = bytes.initialize(from: responseKey.utf8)
            self.responseKeyBytes = UnsafeBufferPointer(bytes)
            responseKeyHasQuote = responseKey.utf8.contains(UInt8(ascii: "\""))
            self.shape = Shape(type)
            isTypename = name == "__typename"
        }

        deinit {
            responseKeyBytes.deallocate()
        }
    }
}

/// The type of a field in a response.
public indirect enum FieldType: Sendable {
    /// A scalar, enum or custom scalar, with the Swift type it is read as. The cache stores it as
    /// the JSON the server sent.
    case scalar(any ScalarType.Type)
    /// An object, interface or union, read into a nested model.
    case object(any SelectionSet.Type)
    case nonNull(FieldType)
    case list(FieldType)

    /// The type of a property of Swift type `type`: a non-optional type is non-null.
    public init(_ type: any DataDictReadable.Type) {
        if let scalar = type as? any ScalarType.Type {
            self = .nonNull(.scalar(scalar))
        } else if let model = type as? any SelectionSet.Type {
            self = .nonNull(.object(model))
        } else if let wrapper = type as? any FieldTypeWrapper.Type {
            self = wrapper.wrappedFieldType
        } else {
            preconditionFailure("\(type) is not a type a selection can have: a scalar, a model, or an optional or array of them")
        }
    }

    /// Whether the type is non-null.
    var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its non-null wrappers.
    public var withoutNonNull: FieldType {
        if case .nonNull(let inner) = self { return inner.withoutNonNull }
        return self
    }

    /// The model of the objects the field holds, through lists and non-null wrappers; nil for
    /// scalars.
    public var selectionSet: (any SelectionSet.Type)? {
        switch self {
        case .scalar: return nil
        case .object(let selectionSet): return selectionSet
        case .nonNull(let inner), .list(let inner): return inner.selectionSet
        }
    }
}

/// An optional or array of a type a property can have.
protocol FieldTypeWrapper {
    static var wrappedFieldType: FieldType { get }
}

extension Optional: FieldTypeWrapper where Wrapped: DataDictReadable {
    static var wrappedFieldType: FieldType { FieldType(Wrapped.self).withoutNonNull }
}

extension Array: FieldTypeWrapper where Element: DataDictReadable {
    static var wrappedFieldType: FieldType { .nonNull(.list(FieldType(Element.self))) }
}

extension Selection {
    /// The model of a type case or fragment (deferred or not), whether it must match
    /// `__typename`, and its @include/@skip conditions; nil for a field.
    public var fragmentParts: (model: any SelectionSet.Type, checksType: Bool, condition: InclusionCondition?)? {
        switch self {
        case .field: return nil
        case .inlineFragment(let model, let condition, let checksType): return (model, checksType, condition)
        case .fragment(let model, let condition, let checksType): return (model, checksType, condition)
        case .deferred(let model, _, let checksType): return (model, checksType, nil)
        }
    }
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

    /// Whether the selection is included with these variables: those the operation is executed
    /// with, each absent one's default value filled in (`GraphQLOperation.variablesWithDefaults`),
    /// as the server evaluates the condition. A variable absent even so is false.
    public func evaluate(with variables: [String: JSONValue]) -> Bool {
        switch self {
        case .include(let name): return variables[name] == .bool(true)
        case .skip(let name): return variables[name] != .bool(true)
        case .all(let conditions): return conditions.allSatisfy { $0.evaluate(with: variables) }
        case .any(let conditions): return conditions.contains { $0.evaluate(with: variables) }
        }
    }
}
