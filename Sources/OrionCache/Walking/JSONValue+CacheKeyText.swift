import OrionAPI

extension JSONValue {
    /// The value of a key field as a cache key holds it (`92` in `Launch:92`): a string as it
    /// is, an integer in decimal, anything else as Swift describes it.
    var cacheKeyText: String {
        switch self {
        case .string(let string): return string
        case .int(let int): return String(int)
        case let other: return "\(other)"
        }
    }
}
