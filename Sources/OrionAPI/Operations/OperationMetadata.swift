/// What the runtime knows of a generated operation besides its variables: its name, its schema,
/// the document it sends, its variables' default values, and whether it defers fragments.
///
/// One table per operation, held in one `static let`, for the reason given on
/// ``SelectionSetMetadata``: each requirement an operation satisfies costs it functions and a
/// protocol witness to compile. ``GraphQLOperation``'s `operationName`, `operationDocument`,
/// `__schema`, `__defaultVariables` and `hasDeferredFragments` read it.
public final class OperationMetadata: Sendable {
    /// The operation's name, as in the document.
    public let name: String
    /// The schema's metadata: object types by `__typename`, key fields, the cache-key hook.
    public let schema: any SchemaMetadata.Type
    /// The document sent to the server and its persisted-query identifier.
    public let document: OperationDocument
    /// The default values of the variables that declare one (`$x: Boolean = true`), by name.
    public let defaultVariables: [String: JSONValue]
    /// Whether the operation selects fragments with `@defer`.
    public let hasDeferredFragments: Bool

    /// - Parameters:
    ///   - name: the operation's name, as in the document.
    ///   - schema: the generated schema's metadata.
    ///   - document: the text sent to the server and its hash.
    ///   - defaultVariables: the default values its variables declare, by name.
    ///   - hasDeferredFragments: whether it selects fragments with `@defer`.
    public init(
        _ name: String, schema: any SchemaMetadata.Type, document: OperationDocument,
        defaultVariables: [String: JSONValue] = [:], hasDeferredFragments: Bool = false
    ) {
        self.name = name
        self.schema = schema
        self.document = document
        self.defaultVariables = defaultVariables
        self.hasDeferredFragments = hasDeferredFragments
    }
}
