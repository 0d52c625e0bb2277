import Foundation
import OrionAPI

/// The cache lacks a record or field the operation needs, or holds it only stale.
public struct CacheMissError: Error, Sendable, OrionError {
    public var key: CacheKey
    public var field: String?
    /// When the field went stale, if it is there but expired.
    public var staleSince: Date?

    public init(key: CacheKey, field: String?, staleSince: Date? = nil) {
        self.key = key
        self.field = field
        self.staleSince = staleSince
    }

    public var description: String {
        guard let field else { return "The cache has no record \(key)." }
        if let staleSince { return "The cache's \(field) for \(key) went stale at \(staleSince): fetch it from the server." }
        return "The cache has no \(field) for \(key)."
    }
}
