import OrionAPI

/// A SQLite cache file that cannot be used, and what to do about it.
public enum SQLiteCacheError: Error, Sendable, Equatable, OrionError {
    case cannotOpen(path: String, reason: String)
    /// The file is not a SQLite database, or is damaged.
    case damaged(path: String, reason: String)
    /// The file is a SQLite database of something else.
    case foreign(path: String)
    /// The file (or its folder) cannot be written: the cache reads it, but keeps nothing new.
    case readOnly(path: String)
    case failed(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Cannot open the cache file \(path): \(reason)."
        case .damaged(let path, let reason):
            return "The cache file \(path) is damaged (\(reason)). Delete it with SQLiteNormalizedCache.removeFile(at:) and open it again: the cache starts empty."
        case .readOnly(let path):
            return "The cache file \(path) is read-only: results are read from it but not kept. Make the file and its folder writable, or give the store another file."
        case .foreign(let path):
            return "\(path) is a SQLite database but not an Orion cache; choose another file for the cache."
        case .failed(let path, let operation, let reason):
            return "The cache file \(path) failed on \(operation.prefix(40)): \(reason)."
        }
    }
}
