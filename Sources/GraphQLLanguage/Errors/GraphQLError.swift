/// An error in a GraphQL document: a syntax error, or a problem later phases find in it.
///
/// It locates itself from the nodes it blames: each `Location` knows its `Source`, so one error
/// can point into several files (a field defined twice in two schema files). Its `description`
/// prints the way a compiler does:
///
/// ```
/// Queries/Launch.graphql:3:9: error: Syntax Error: Expected Name, found '}'.
///   launch(id: ) {
///         ^
/// ```
public struct GraphQLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence naming what is wrong.
    public let message: String
    /// The places in the source this error blames, most relevant first.
    public let locations: [Location]

    /// Creates an error blaming the given places.
    public init(_ message: String, locations: [Location] = []) {
        self.message = message
        self.locations = locations
    }

    /// Creates an error blaming the nodes' locations (nodes without one are skipped).
    public init(_ message: String, nodes: [Location?]) {
        self.init(message, locations: nodes.compactMap { $0 })
    }

    /// Line and column of each blamed place.
    public var sourceLocations: [SourceLocation] {
        locations.map { $0.source.sourceLocation(at: $0.start) }
    }

    /// `file:line:column: error: message`, then for every place the source line and a caret.
    public var description: String { formatted(severity: "error") }

    /// The compiler-style text with the given severity word (`error`, `warning`).
    public func formatted(severity: String) -> String {
        guard !locations.isEmpty else { return "\(severity): \(message)" }
        var text = ""
        for (index, location) in locations.enumerated() {
            let position = location.source.sourceLocation(at: location.start)
            let prefix = "\(location.source.name):\(position.line):\(position.column): "
            text += index == 0 ? "\(prefix)\(severity): \(message)\n" : "\(prefix)note: also here\n"
            text += excerpt(location.source, position)
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
}
