/// A record's fields by field key (`name`, `missionPatch(size:SMALL)`): read and written as a
/// `[String: RecordValue]` is (by key, from a dictionary literal, as a sequence of key-value
/// pairs, equal when the same keys hold the same values in any order), and kept in the order the
/// fields were written (a removal moves the last field into the removed one's place).
///
/// Not a dictionary, because of what the cache does with records: it builds one per object of
/// every response, and nearly all have a few fields. A dictionary hashes each key to store it
/// and again to find it, and allocates a hashed table for each record: a third of the
/// instructions of writing 10,000 launches to the cache. Here a record's fields are one array,
/// and a key is found by comparing keys in turn, which for a few short keys costs less than
/// hashing one of them. A record of many fields (a root that collects every query's fields)
/// also keeps each key's position in a table, so that finding a key stays a lookup however
/// many there are.
public struct RecordFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    public typealias Element = (key: String, value: RecordValue)

    /// Each key once.
    private var entries: [Element]
    /// Each key's position in `entries`, once there are more than `indexedFrom`.
    private var positions: [String: Int]?

    /// The count beyond which keys are found through `positions`.
    static let indexedFrom = 16

    /// No fields.
    public init() {
        entries = []
    }

    /// No fields, with room for `minimumCapacity` of them.
    public init(minimumCapacity: Int) {
        entries = []
        // Even `reserveCapacity(0)` allocates: a new record's `[:]` would cost a buffer.
        if minimumCapacity > 0 { entries.reserveCapacity(minimumCapacity) }
    }

    /// The fields of a sequence of key-value pairs (a `[String: RecordValue]`, say); of a key
    /// that appears twice, the last value.
    public init<Fields: Sequence>(_ fields: Fields) where Fields.Element == (key: String, value: RecordValue) {
        self.init(minimumCapacity: fields.underestimatedCount)
        for (key, value) in fields { self[key] = value }
    }

    /// Of a key that appears twice, the last value.
    public init(dictionaryLiteral elements: (String, RecordValue)...) {
        self.init(minimumCapacity: elements.count)
        for (key, value) in elements { self[key] = value }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    /// The keys, in the order the fields were written (see the type's description).
    public var keys: LazyMapCollection<[Element], String> { entries.lazy.map { $0.key } }
    /// The values, in the order of `keys`.
    public var values: LazyMapCollection<[Element], RecordValue> { entries.lazy.map { $0.value } }

    public func makeIterator() -> IndexingIterator<[Element]> {
        entries.makeIterator()
    }

    /// The value of the field `key`; setting `nil` removes the field.
    public subscript(key: String) -> RecordValue? {
        get {
            position(of: key).map { entries[$0].value }
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets the field `key`, and returns the value it replaced.
    @discardableResult
    public mutating func updateValue(_ value: consuming RecordValue, forKey key: String) -> RecordValue? {
        guard let position = position(of: key) else {
            append(newKey: key, value)
            return nil
        }
        // Swapped out, not copied: the stored value is moved to the caller.
        var old = consume value
        swap(&old, &entries[position].value)
        return old
    }

    /// Adds the field `key`, which the caller knows is not among the fields: the normalizer's
    /// for an object whose selections write each field once, where looking for the key first
    /// was 6 % of a write.
    mutating func append(newKey key: String, _ value: consuming RecordValue) {
        entries.append((key, consume value))
        if positions != nil {
            positions?[key] = entries.count - 1
        } else if entries.count > Self.indexedFrom {
            positions = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($0.element.key, $0.offset) })
        }
    }

    /// Removes the field `key`, and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> RecordValue? {
        guard let position = position(of: key) else { return nil }
        // The last field takes the removed one's place: no other moves.
        let last = entries.count - 1
        if position != last {
            entries.swapAt(position, last)
            positions?[entries[position].key] = position
        }
        positions?[key] = nil
        return entries.removeLast().value
    }

    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    /// Sets each of `other`'s fields, replacing the value of a field both have.
    public mutating func merge(_ other: RecordFields) {
        if isEmpty {
            self = other
            return
        }
        for (key, value) in other.entries { updateValue(value, forKey: key) }
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        // By index: `firstIndex(where:)` copied each entry, its value included, to compare its
        // key. (Not lengths first: two spellings of one string, `é` and `e` with a combining
        // accent, are equal keys of different lengths, as they are in a dictionary.)
        for index in entries.indices where entries[index].key == key { return index }
        return nil
    }

    public static func == (lhs: RecordFields, rhs: RecordFields) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Independent of the fields' order, as equality is.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in entries {
            var entryHasher = Hasher()
            entryHasher.combine(key)
            entryHasher.combine(value)
            combined ^= entryHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }

    /// As a dictionary literal: `["id": value(string("92")), "site": …]`.
    public var description: String {
        guard !isEmpty else { return "[:]" }
        return "[" + entries.map { "\(String(reflecting: $0.key)): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
