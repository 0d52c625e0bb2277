/// How `Parser.parse` reads a document, and the limits that keep hostile input in check.
public struct ParseOptions: Sendable, Hashable {
    /// Which definitions a document may hold.
    public enum Mode: Sendable, Hashable {
        /// Any definition: operations, fragments, type-system definitions and extensions.
        case all
        /// Operations and fragments only, as a request or an app's `.graphql` files hold.
        case executableOnly
        /// Type-system definitions and extensions only, as a schema file holds.
        case typeSystemOnly
    }

    public var mode: Mode
    /// The deepest nesting of selection sets, list and object values and list types allowed.
    /// 200 by default, as graphql-js; a server facing the internet may want less.
    public var maxDepth: Int
    /// The most tokens a document may have (comments not counted); `nil` for no limit.
    public var maxTokens: Int?
    /// Skips recording locations on nodes: smaller ASTs when positions are not needed, and
    /// ASTs that compare equal by structure alone.
    public var noLocation: Bool

    public init(mode: Mode = .all, maxDepth: Int = 200, maxTokens: Int? = 2_000_000, noLocation: Bool = false) {
        self.mode = mode
        self.maxDepth = maxDepth
        self.maxTokens = maxTokens
        self.noLocation = noLocation
    }
}
