/// An error in a GraphQL response's `errors`: the server could not resolve (part of) the
/// operation.
public struct GraphQLError: Error, Sendable, Hashable, OrionError {
    /// A position in the operation's document.
    public struct Location: Sendable, Hashable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public var message: String
    public var locations: [Location]
    /// The response path of the field that failed: keys and list indices.
    public var path: [ResponsePath.Component]
    /// The server's extra information (e.g. `code`).
    public var extensions: [String: JSONValue]

    public init(message: String, locations: [Location] = [], path: [ResponsePath.Component] = [], extensions: [String: JSONValue] = [:]) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// Reads an entry of `errors`; `nil` when it is not an object with a message.
    package init?(json: JSONValue) {
        guard case .object(let fields) = json, case .string(let message)? = fields["message"] else { return nil }
        self.message = message
        var locations: [Location] = []
        if case .list(let values)? = fields["locations"] {
            for case .object(let location) in values {
                if case .int(let line)? = location["line"], case .int(let column)? = location["column"] {
                    locations.append(Location(line: line, column: column))
                }
            }
        }
        self.locations = locations
        var path: [ResponsePath.Component] = []
        if case .list(let components)? = fields["path"] {
            for component in components {
                switch component {
                case .string(let key): path.append(.key(key))
                case .int(let index): path.append(.index(index))
                default: break
                }
            }
        }
        self.path = path
        if case .object(let extensions)? = fields["extensions"] { self.extensions = extensions } else { self.extensions = [:] }
    }

    /// `extensions.code`, as servers classify errors (`PERSISTED_QUERY_NOT_FOUND`, ...).
    public var code: String? {
        if case .string(let code)? = extensions["code"] { return code }
        return nil
    }

    public var description: String {
        var text = message
        if !path.isEmpty { text += " (at \(ResponsePath(path)))" }
        return text
    }
}
