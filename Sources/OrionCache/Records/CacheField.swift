/// A field of a record, `Launch:92` and `isBooked`: what a write changes and what a watcher
/// depends on.
///
/// A pair rather than the string `Launch:92.isBooked`, so that a write of many records does
/// not build one string per field it stores.
public struct CacheField: Hashable, Sendable, CustomStringConvertible {
    /// The record's cache key.
    public var key: CacheKey
    /// The field's key in the record (`missionPatch(size:SMALL)`).
    public var field: String

    public init(key: CacheKey, field: String) {
        self.key = key
        self.field = field
    }

    /// `Launch:92.isBooked`.
    public var description: String { key + "." + field }
}
