/// What a watcher of a query depends on: the record fields its data was read from (or written
/// to, for a server result), and the store's version that data is as of.
///
/// A change of the store at or before `version` is already in the data; only a later change
/// of one of `fields` can change it.
@usableFromInline
package struct CacheDependencies: Sendable, Hashable {
    /// Every record field the data was read from or written to.
    package var fields: Set<CacheField>
    /// The store's version (``OrionStore/version``) the data is as of: a lower bound, never later
    /// than the data.
    package var version: UInt64

    package init(fields: Set<CacheField>, version: UInt64) {
        self.fields = fields
        self.version = version
    }
}
