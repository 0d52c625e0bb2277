/// One write's changes, as the store publishes them: the record fields that changed and the
/// store's version after the write. Versions follow write order.
package struct StoreChange: Sendable {
    package var fields: ChangedFields
    package var version: UInt64

    package init(fields: ChangedFields, version: UInt64) {
        self.fields = fields
        self.version = version
    }
}
