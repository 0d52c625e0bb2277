/// The kind of a GraphQL operation.
public enum GraphQLOperationType: String, Sendable, Hashable {
    case query, mutation, subscription
}

/// The text of an operation as it is sent to a server, and its identifier for persisted queries.
public struct OperationDocument: Sendable, Hashable {
    /// The operation's definition followed by the fragments it uses, and nothing else.
    public let text: String
    /// The SHA-256 of `text` in lowercase hexadecimal: the automatic persisted query hash.
    public let identifier: String

    /// Creates a document; generated code passes the hash it computed at generation time.
    public init(text: String, identifier: String) {
        self.text = text
        self.identifier = identifier
    }

    /// Creates the document of an operation that uses fragments from its definition and the
    /// fragments' own ``Fragment/fragmentDefinition``, each on a line after it in the order given,
    /// so that generated code holds each fragment's text once however many operations use it.
    ///
    /// - Parameters:
    ///   - definition: The operation's definition alone.
    ///   - fragments: Every fragment the operation uses, directly or through other fragments,
    ///     each once, in the order the document lists them.
    ///   - identifier: The SHA-256 of the composed text, computed at generation time.
    public init(definition: String, fragments: [any Fragment.Type], identifier: String) {
        self.init(text: ([definition] + fragments.map { $0.fragmentDefinition }).joined(separator: "\n"), identifier: identifier)
    }
}

/// A query, mutation or subscription generated from a `.graphql` file.
///
/// Generated code conforms through ``GraphQLQuery``, ``GraphQLMutation`` or
/// ``GraphQLSubscription``; a value of the type holds the operation's variables. Generated
/// operations also declare `Hashable`, and are equal when they send the same variables; the
/// protocol does not refine it, for the reason given on ``DataDictBacked``.
public protocol GraphQLOperation: Sendable {
    /// The typed result of the operation.
    associatedtype Data: RootSelectionSet

    /// Query, mutation or subscription.
    static var operationType: GraphQLOperationType { get }

    /// The operation's name, schema, document, default variable values and use of `@defer`:
    /// generated as one `static let`, which ``operationName``, ``operationDocument``,
    /// ``__schema``, ``__defaultVariables`` and ``hasDeferredFragments`` read.
    static var __operation: OperationMetadata { get }

    /// The variables to send: absent nullable variables are left out, so the server applies
    /// their default values.
    var __variables: [String: JSONValue] { get }
}

extension GraphQLOperation {
    public var __variables: [String: JSONValue] { [:] }

    /// The operation's name, as in the document.
    @inlinable
    public static var operationName: String { __operation.name }

    /// The document sent to the server and its persisted-query identifier.
    @inlinable
    public static var operationDocument: OperationDocument { __operation.document }

    /// The schema's metadata: object types by `__typename`, key fields, the cache-key hook.
    @inlinable
    public static var __schema: any SchemaMetadata.Type { __operation.schema }

    /// The default values of the variables that declare one (`$x: Boolean = true`), by name:
    /// the server applies them to the variables left out, and so does the client where it
    /// evaluates @include/@skip and arguments (``variablesWithDefaults``).
    @inlinable
    public static var __defaultVariables: [String: JSONValue] { __operation.defaultVariables }

    /// Whether the operation selects fragments with `@defer`: then the client asks the server
    /// for incremental delivery, and results come in steps (`GraphQLResult.hasNext`).
    @inlinable
    public static var hasDeferredFragments: Bool { __operation.hasDeferredFragments }

    /// The variables the server executes the operation with: `__variables`, and the default
    /// value of each variable left out of them (an explicit `null` stays `null`). What decoding
    /// the result, normalizing it into the cache and reading it back evaluate @include, @skip and
    /// arguments with, so that they agree with the server.
    public var variablesWithDefaults: [String: JSONValue] {
        let defaults = Self.__defaultVariables
        let variables = __variables
        guard !defaults.isEmpty else { return variables }
        return variables.merging(defaults) { sent, _ in sent }
    }

    // Operations are equal when they send the same variables: one implementation here instead of
    // one synthesized per generated operation.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.__variables == rhs.__variables }
    public func hash(into hasher: inout Hasher) { hasher.combine(__variables) }
    public var hashValue: Int { __variables.hashValue }
}

/// A generated query operation.
public protocol GraphQLQuery: GraphQLOperation {}

extension GraphQLQuery {
    public static var operationType: GraphQLOperationType { .query }
}

/// A generated mutation operation.
public protocol GraphQLMutation: GraphQLOperation {}

extension GraphQLMutation {
    public static var operationType: GraphQLOperationType { .mutation }
}

/// A generated subscription operation.
public protocol GraphQLSubscription: GraphQLOperation {}

extension GraphQLSubscription {
    public static var operationType: GraphQLOperationType { .subscription }
}
