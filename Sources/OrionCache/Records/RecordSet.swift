/// Records by cache key: what a write merges into a cache (``NormalizedCache/merge(records:)``),
/// as Apollo's `RecordSet` is. Read and written as a `[CacheKey: Record]` is: by key, from a
/// dictionary literal, as a sequence of key-record pairs.
///
/// Each key is hashed once, when its record is added. The set keeps that hash beside the key, and
/// the in-memory cache keeps records in the same kind of table, so a record written goes into
/// both while its key (a path key such as `QUERY_ROOT.repository(…).issues(…).nodes.3` is a
/// hundred bytes or more) is hashed once, not once per table: hashing was a sixth of writing a
/// GitHub response to the cache.
public struct RecordSet: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    public typealias Element = (key: CacheKey, value: Record)

    var storage: [HashedCacheKey: Record]

    /// No records.
    public init() {
        storage = [:]
    }

    /// The records of a dictionary of records by key.
    public init(_ records: [CacheKey: Record]) {
        storage = Dictionary(minimumCapacity: records.count)
        for (key, record) in records { storage[HashedCacheKey(key)] = record }
    }

    /// Records, each under its own ``Record/key``; of two with the same key, the fields of the
    /// later are merged into the earlier.
    public init<Records: Sequence>(records: Records) where Records.Element == Record {
        storage = [:]
        for record in records { insert(record) }
    }

    /// Of a key that appears twice, the last record.
    public init(dictionaryLiteral elements: (CacheKey, Record)...) {
        self.init(Dictionary(elements) { _, last in last })
    }

    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }
    /// The keys, in no particular order.
    public var keys: [CacheKey] { storage.keys.map(\.key) }

    /// The record at `key`; setting `nil` removes it.
    public subscript(key: CacheKey) -> Record? {
        get { storage[HashedCacheKey(key)] }
        set { storage[HashedCacheKey(key)] = newValue }
    }

    /// Adds `record` under its key, its fields written over those of a record already there.
    public mutating func insert(_ record: Record) {
        insert(record, at: record.key)
    }

    /// Adds `record` under `key`, which becomes its ``Record/key``: a transaction's records are
    /// kept by the key they were written at, whatever `updateRecord(_:_:)` made of theirs.
    mutating func insert(_ record: Record, at key: CacheKey) {
        var record = record
        record.key = key
        let hashed = HashedCacheKey(key)
        // Not `Record.merge`, which compares each field to tell a watcher what changed.
        guard var earlier = storage.updateValue(record, forKey: hashed) else { return }
        earlier.write(record.fields, expirations: record.expirations)
        storage[hashed] = earlier
    }

    /// Adds a record of `fields` (without expiry) at `key`, its fields written over those of a
    /// record already there: what the normalizer does for each object of a write.
    ///
    /// Stored with one lookup when the key is new (for an object without an id, a long path key
    /// hashed once). Not `storage[key, default:]`: its default, which captures the key, cost two
    /// allocations per record. Not ``insert(_:)``, whose expiries and copies were 1.3 % of
    /// writing 10,000 launches, whose Rocket of each launch is written again.
    @inline(__always)
    mutating func insert(_ fields: RecordFields, at key: CacheKey) {
        let hashed = HashedCacheKey(key)
        guard var earlier = storage.updateValue(Record(key: key, fields: fields), forKey: hashed) else { return }
        earlier.fields.merge(fields)
        storage[hashed] = earlier
    }

    /// The records for which `isIncluded` holds, their keys' hashes kept.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> RecordSet {
        var filtered = RecordSet()
        filtered.storage = try storage.filter { try isIncluded((key: $0.key.key, value: $0.value)) }
        return filtered
    }

    public func makeIterator() -> Iterator {
        Iterator(base: storage.makeIterator())
    }

    /// The key-record pairs, in no particular order.
    public struct Iterator: IteratorProtocol {
        private var base: [HashedCacheKey: Record].Iterator

        init(base: [HashedCacheKey: Record].Iterator) {
            self.base = base
        }

        public mutating func next() -> Element? {
            base.next().map { (key: $0.key.key, value: $0.value) }
        }
    }

    public var description: String {
        String(describing: Dictionary(uniqueKeysWithValues: self.map { ($0.key, $0.value) }))
    }
}
