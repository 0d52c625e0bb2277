/// An error in a GraphQL document: a syntax error, or a problem later phases find in it.
///
/// It locates itself from the nodes it blames and keeps the `Source`s their locations point
/// into, so one error can point into several files (a field defined twice in two schema files).
/// Its `description` prints the way a compiler does:
///
/// ```
/// Queries/Launch.graphql:3:9: error: Syntax Error: Expected Name, found '}'.
///   launch(id: ) {
///         ^
/// ```
///
/// Nodes know only the `id` of their source: code that reports nodes of documents it was given
/// passes their sources along (`init(_:nodes:sources:)`), or adds them afterwards with
/// `locating(in:)`.
public struct GraphQLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence naming what is wrong.
    public let message: String
    /// The places in the source this error blames, most relevant first.
    public let locations: [Location]
    /// The sources `locations` point into, as far as they are known.
    public private(set) var sources: [Source]

    /// Creates an error blaming the given places, found in `sources` (those they do not point
    /// into are not kept).
    public init(_ message: String, locations: [Location] = [], sources: [Source] = []) {
        self.message = message
        self.locations = locations
        self.sources = Self.sources(among: sources, for: locations, known: [])
    }

    /// Creates an error blaming the nodes' locations (nodes without one are skipped).
    public init(_ message: String, nodes: [Location?], sources: [Source] = []) {
        self.init(message, locations: nodes.compactMap { $0 }, sources: sources)
    }

    /// This error, knowing also the sources among `candidates` that its locations point into.
    public func locating(in candidates: some Sequence<Source>) -> GraphQLError {
        var located = self
        located.sources += Self.sources(among: candidates, for: locations, known: sources)
        return located
    }

    /// The candidates that `locations` point into and that are not `known` yet.
    private static func sources(among candidates: some Sequence<Source>, for locations: [Location], known: [Source]) -> [Source] {
        var found: [Source] = []
        for source in candidates where locations.contains(where: { $0.isIn(source) }) {
            if !(known + found).contains(where: { $0 === source }) { found.append(source) }
        }
        return found
    }

    /// The source `location` points into, when the error knows it.
    public func source(of location: Location) -> Source? {
        source(of: location.sourceID)
    }

    private func source(of id: Source.ID) -> Source? {
        sources.first { $0.id == id }
    }

    /// Line and column of each blamed place whose source is known.
    public var sourceLocations: [SourceLocation] {
        locations.compactMap { location in source(of: location).map(location.sourceLocation(in:)) }
    }

    /// `file:line:column: error: message`, then for every place the source line and a caret.
    public var description: String { formatted(severity: "error") }

    /// The compiler-style text with the given severity word (`error`, `warning`).
    ///
    /// A place whose source the error does not know is left out.
    public func formatted(severity: String) -> String {
        let places = locations.compactMap { location in source(of: location).map { (location, $0) } }
        guard !places.isEmpty else { return "\(severity): \(message)" }
        var text = ""
        for (index, (location, source)) in places.enumerated() {
            let position = location.sourceLocation(in: source)
            let prefix = "\(source.name):\(position.line):\(position.column): "
            text += index == 0 ? "\(prefix)\(severity): \(message)\n" : "\(prefix)note: also here\n"
            text += excerpt(source, position)
        }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    private func excerpt(_ source: Source, _ position: SourceLocation) -> String {
        let line = source.lineText(position.line)
        // The caret lines up under the column; tabs are kept so it lines up in a terminal too.
        var caret = ""
        for (offset, scalar) in line.unicodeScalars.enumerated() where offset < position.column - 1 {
            caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        return "\(line)\n\(caret)^\n"
    }

    // The sources follow from the locations' source ids.
    public static func == (lhs: GraphQLError, rhs: GraphQLError) -> Bool {
        lhs.message == rhs.message && lhs.locations == rhs.locations
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(message)
        hasher.combine(locations)
    }
}
