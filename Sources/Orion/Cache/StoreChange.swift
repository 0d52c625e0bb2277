/// One write's changes, as the store publishes them: the record fields that changed and the
/// store's version after the write. Versions follow write order.
struct StoreChange: Sendable {
    var fields: [CacheField]
    var version: UInt64
}
