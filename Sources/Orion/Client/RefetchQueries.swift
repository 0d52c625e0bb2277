import OrionAPI

/// What a mutation refetches from the server once its result is written: queries it names,
/// and, with ``includesTouchedWatchers``, every watched query whose data the result wrote to.
///
/// An array literal of queries is one: `refetchQueries: [MeQuery()]`.
public struct RefetchQueries: Sendable, ExpressibleByArrayLiteral {
    /// Queries fetched with `.fetchIgnoringCacheData`, together, before `perform` returns.
    public var queries: [any GraphQLQuery]
    /// Whether each active watcher whose data depends on a field the result wrote refetches its
    /// query too, in its own loop (`perform` does not wait for these).
    public var includesTouchedWatchers: Bool

    public init(queries: [any GraphQLQuery] = [], includesTouchedWatchers: Bool = false) {
        self.queries = queries
        self.includesTouchedWatchers = includesTouchedWatchers
    }

    public init(arrayLiteral queries: any GraphQLQuery...) {
        self.init(queries: queries)
    }

    /// Every watched query whose data the mutation's result wrote to.
    public static let touchedWatchers = RefetchQueries(includesTouchedWatchers: true)

    var isEmpty: Bool { queries.isEmpty && !includesTouchedWatchers }
}
