/// Changes to records held apart from the cache, seen on top of it: a read-write transaction's
/// changes until it commits, and an optimistic update until its mutation's result replaces it.
///
/// A layer merges field by field over what is below it, and a removal hides a record; records
/// written after a removal in the same layer are seen again.
struct CacheLayer: Sendable {
    private(set) var pending = RecordSet()
    private(set) var removals: Set<CacheKey> = []

    var isEmpty: Bool { pending.isEmpty && removals.isEmpty }

    /// Merges `records` into the layer's.
    mutating func add(_ records: RecordSet) {
        for (key, record) in records {
            removals.remove(key)
            pending.insert(record, at: key)
        }
    }

    /// Hides the record at `key`, and drops the layer's own changes to it.
    mutating func remove(_ key: CacheKey) {
        removals.insert(key)
        pending[key] = nil
    }

    /// `found` (the records at `keys` below the layer) as seen through it.
    func apply(to found: inout [CacheKey: Record], keys: Set<CacheKey>) {
        guard !isEmpty else { return }
        for key in keys {
            if removals.contains(key) { found[key] = nil }
            guard let changes = pending[key] else { continue }
            var record = found[key] ?? Record(key: key)
            // Written over, as a later write of the same key is: no one is told what changed.
            record.write(changes.fields, expirations: changes.expirations)
            found[key] = record
        }
    }

    /// The keys of the records the layer touches.
    var keys: Set<CacheKey> { removals.union(pending.keys) }

    /// The record fields that look different through the layer than in `below` (the records
    /// below it at ``keys``): what a watcher must read again when the layer comes or goes.
    func changedFields(over below: [CacheKey: Record]) -> ChangedFields {
        var fields = ChangedFields()
        for (key, record) in pending {
            let old = below[key]?.fields
            for (field, value) in record.fields where old?[field] != value { fields.append(CacheField(key: key, field: field)) }
        }
        for key in removals {
            guard let record = below[key] else { continue }
            fields.append(everyFieldOf: record.fields, at: key)
        }
        return fields
    }
}
