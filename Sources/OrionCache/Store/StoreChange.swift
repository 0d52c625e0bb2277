/// One write's changes, as the store publishes them: the record fields that changed and the
/// store's version after the write. Versions follow write order.
package struct StoreChange: Sendable {
    package var fields: [CacheField]
    package var version: UInt64

    package init(fields: [CacheField], version: UInt64) {
        self.fields = fields
        self.version = version
    }
}
