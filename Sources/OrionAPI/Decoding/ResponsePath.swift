/// Where a value sits in a response: `data.hero.friends[2].name`.
public struct ResponsePath: Sendable, Hashable, CustomStringConvertible {
    /// A step into an object (by response key) or a list (by index).
    public enum Component: Sendable, Hashable, CustomStringConvertible {
        case key(String)
        case index(Int)

        /// `launch` or `[2]`, as in a path.
        public var description: String {
            switch self {
            case .key(let key): return key
            case .index(let index): return "[\(index)]"
            }
        }
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(root)" : text
    }
}
