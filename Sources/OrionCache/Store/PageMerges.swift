/// How the pages of paginated fields (``PaginatedField``) that a write holds merge into what
/// the cache stores: the ``Normalizer`` notes them, and the store applies them to the
/// normalized records against the stored ones, under its write lock, before merging them.
struct PageMerges {
    /// What becomes of one field of a record written.
    enum FieldMerge: Hashable {
        /// The stored list, then the written one: a forward page.
        case append
        /// The written list, then the stored one: a backward page.
        case prepend
        /// The stored value when there is one: a Relay `pageInfo` field that belongs to the
        /// other direction.
        case keepStored
    }

    private(set) var fields: [CacheKey: [String: FieldMerge]] = [:]

    var isEmpty: Bool { fields.isEmpty }
    var keys: Set<CacheKey> { Set(fields.keys) }

    mutating func note(_ merge: FieldMerge, of field: String, at key: CacheKey) {
        fields[key, default: [:]][field] = merge
    }

    /// Rewrites `records` so that merging them into the cache merges the pages: lists joined
    /// with the `stored` ones, fields of the other direction left out where stored. A record
    /// or list the cache does not hold yet is written as it is.
    func apply(to records: inout RecordSet, stored: [CacheKey: Record]) {
        for (key, merges) in fields {
            guard var record = records[key], let storedRecord = stored[key] else { continue }
            for (field, merge) in merges {
                let old = storedRecord.fields[field]
                switch merge {
                case .append, .prepend:
                    guard case .list(let written)? = record.fields[field], case .list(let storedList)? = old else { continue }
                    record.fields[field] = .list(merge == .append ? storedList + written : written + storedList)
                case .keepStored:
                    if old != nil { record.fields[field] = nil }
                }
            }
            records[key] = record
        }
    }
}
