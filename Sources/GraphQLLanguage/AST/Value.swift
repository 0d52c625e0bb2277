/// A value literal: in an argument, a default value or a list or object value.
public enum Value: Hashable, Sendable {
    case variable(Variable)
    case int(IntValue)
    case float(FloatValue)
    case string(StringValue)
    case boolean(BooleanValue)
    case null(NullValue)
    case `enum`(EnumValue)
    case list(ListValue)
    case object(ObjectValue)

    public var location: Location? {
        switch self {
        case .variable(let node): node.location
        case .int(let node): node.location
        case .float(let node): node.location
        case .string(let node): node.location
        case .boolean(let node): node.location
        case .null(let node): node.location
        case .enum(let node): node.location
        case .list(let node): node.location
        case .object(let node): node.location
        }
    }
}

/// `$name`.
public struct Variable: Hashable, Sendable {
    public var name: Name
    public var location: Location?

    public init(name: Name, location: Location? = nil) {
        self.name = name
        self.location = location
    }
}

/// An integer literal, kept as written (GraphQL integers may exceed 64 bits before validation).
public struct IntValue: Hashable, Sendable {
    public var value: String
    public var location: Location?

    public init(_ value: String, location: Location? = nil) {
        self.value = value
        self.location = location
    }
}

/// A float literal, kept as written.
public struct FloatValue: Hashable, Sendable {
    public var value: String
    public var location: Location?

    public init(_ value: String, location: Location? = nil) {
        self.value = value
        self.location = location
    }
}

/// A string literal, decoded (escapes resolved; block strings dedented).
///
/// A block string's value is decoded from its source when read, not when parsed: block strings
/// are descriptions, most of a schema's bytes, and most are never read. Reading `value` of one
/// repeatedly decodes it each time; keep the result if you need it often.
///
/// Two string values are equal when their values and locations are: `block` records how the
/// string was written, not what it is, so a document and its printed form (which writes a block
/// string that cannot be a block, such as one with leading blank lines, as a regular string)
/// parse to equal ASTs.
public struct StringValue: Hashable, Sendable {
    private enum Storage: Sendable {
        case decoded(String)
        /// The raw text between the triple quotes, in the source's UTF-8.
        case rawBlock(Source, start: Int, end: Int)
    }

    private var storage: Storage
    /// Whether it was written as a `"""` block string.
    public var block: Bool
    public var location: Location?

    public init(_ value: String, block: Bool = false, location: Location? = nil) {
        self.storage = .decoded(value)
        self.block = block
        self.location = location
    }

    /// A block string whose raw text is `start..<end` of `source`.
    init(rawBlockIn source: Source, start: Int, end: Int, location: Location?) {
        self.storage = .rawBlock(source, start: start, end: end)
        self.block = true
        self.location = location
    }

    /// The string's value.
    public var value: String {
        get {
            switch storage {
            case .decoded(let value):
                return value
            case .rawBlock(let source, let start, let end):
                return source.withUTF8 { BlockString.value(ofRaw: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            }
        }
        set {
            storage = .decoded(newValue)
        }
    }

    public static func == (lhs: StringValue, rhs: StringValue) -> Bool {
        lhs.location == rhs.location && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(location)
    }
}

/// `true` or `false`.
public struct BooleanValue: Hashable, Sendable {
    public var value: Bool
    public var location: Location?

    public init(_ value: Bool, location: Location? = nil) {
        self.value = value
        self.location = location
    }
}

/// `null`.
public struct NullValue: Hashable, Sendable {
    public var location: Location?

    public init(location: Location? = nil) {
        self.location = location
    }
}

/// An enum value: a name other than `true`, `false` and `null`.
public struct EnumValue: Hashable, Sendable {
    public var value: String
    public var location: Location?

    public init(_ value: String, location: Location? = nil) {
        self.value = value
        self.location = location
    }
}

/// `[value, ...]`.
public struct ListValue: Hashable, Sendable {
    public var values: [Value]
    public var location: Location?

    public init(_ values: [Value], location: Location? = nil) {
        self.values = values
        self.location = location
    }
}

/// `{name: value, ...}`.
public struct ObjectValue: Hashable, Sendable {
    public var fields: [ObjectField]
    public var location: Location?

    public init(_ fields: [ObjectField], location: Location? = nil) {
        self.fields = fields
        self.location = location
    }
}

/// `name: value` inside an object value.
public struct ObjectField: Hashable, Sendable {
    public var name: Name
    public var value: Value
    public var location: Location?

    public init(name: Name, value: Value, location: Location? = nil) {
        self.name = name
        self.value = value
        self.location = location
    }
}
