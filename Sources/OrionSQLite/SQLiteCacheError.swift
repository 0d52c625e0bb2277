import OrionAPI

/// A SQLite cache file that cannot be used, and what to do about it.
public enum SQLiteCacheError: Error, Sendable, OrionError {
    case cannotOpen(path: String, reason: String)
    /// The file is not a SQLite database, or is damaged.
    case damaged(path: String, reason: String)
    /// The file is a SQLite database of something else.
    case foreign(path: String)
    case failed(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Cannot open the cache file \(path): \(reason)."
        case .damaged(let path, let reason):
            return "The cache file \(path) is damaged (\(reason)). Delete it with SQLiteNormalizedCache.removeFile(at:) and open it again: the cache starts empty."
        case .foreign(let path):
            return "\(path) is a SQLite database but not an Orion cache; choose another file for the cache."
        case .failed(let path, let operation, let reason):
            return "The cache file \(path) failed on \(operation.prefix(40)): \(reason)."
        }
    }
}
