/// The record fields a write changed, each once: what ``NormalizedCache/merge(records:)``
/// returns and what the store tells watchers. Read as an array of ``CacheField``s is (iterated,
/// counted, compared with an array literal), in the order they were added.
///
/// Not an array of them, because of what a write changes: every field of each record it adds.
/// Listing each field as its own `CacheField`, which holds its record's key, retained that key
/// once per field, and a GitHub response's 1,319 records have 9,300 fields: a tenth of the
/// instructions of writing it to the cache. A new record's fields are kept here as the record
/// holds them, and listed only when read, which is when a watcher looks for what it depends on.
public struct ChangedFields: Sequence, Sendable, Equatable, ExpressibleByArrayLiteral, CustomStringConvertible {
    fileprivate enum Entry: Sendable {
        case field(CacheField)
        /// Every field of `fields`, as fields of the record at `key`.
        case record(key: CacheKey, fields: RecordFields)
    }

    private var entries: [Entry] = []

    /// No fields.
    public init() {}

    /// `fields`, in their order.
    public init<Fields: Sequence>(_ fields: Fields) where Fields.Element == CacheField {
        entries = fields.map(Entry.field)
    }

    public init(arrayLiteral fields: CacheField...) {
        self.init(fields)
    }

    /// Whether the write changed nothing.
    public var isEmpty: Bool {
        // A record is added only with fields (`append(everyFieldOf:at:)`).
        entries.isEmpty
    }

    /// How many fields changed.
    public var count: Int {
        entries.reduce(0) { count, entry in
            switch entry {
            case .field: count + 1
            case .record(_, let fields): count + fields.count
            }
        }
    }

    public var underestimatedCount: Int { entries.count }

    /// Adds one field.
    public mutating func append(_ field: CacheField) {
        entries.append(.field(field))
    }

    /// Adds every field of `fields`, as fields of the record at `key`: what a new record (or a
    /// removed one) changes.
    public mutating func append(everyFieldOf fields: RecordFields, at key: CacheKey) {
        guard !fields.isEmpty else { return }
        entries.append(.record(key: key, fields: fields))
    }

    /// Adds the fields of another change.
    public mutating func append(contentsOf other: ChangedFields) {
        entries.append(contentsOf: other.entries)
    }

    /// Makes room for `count` calls of the `append` methods.
    public mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    public func makeIterator() -> Iterator {
        Iterator(entries: entries.makeIterator())
    }

    /// Lists the fields, a record's when it is reached.
    public struct Iterator: IteratorProtocol {
        fileprivate var entries: IndexingIterator<[Entry]>
        private var record: (key: CacheKey, fields: RecordFields.Iterator)?

        fileprivate init(entries: IndexingIterator<[Entry]>) {
            self.entries = entries
        }

        public mutating func next() -> CacheField? {
            while true {
                if let key = record?.key, let (field, _) = record?.fields.next() {
                    return CacheField(key: key, field: field)
                }
                record = nil
                switch entries.next() {
                case nil: return nil
                case .field(let field)?: return field
                case .record(let key, let fields)?: record = (key, fields.makeIterator())
                }
            }
        }
    }

    /// The same fields in the same order, however they were added.
    public static func == (lhs: ChangedFields, rhs: ChangedFields) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// `[Launch:92.isBooked, Launch:92.site]`.
    public var description: String {
        "[" + map(\.description).joined(separator: ", ") + "]"
    }
}
