import GraphQLLanguage

/// Why a schema could not be built: every problem found, each locating itself in the SDL.
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    public let errors: [GraphQLError]

    public init(_ errors: [GraphQLError]) {
        self.errors = errors
    }

    /// Every error, compiler-style.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
