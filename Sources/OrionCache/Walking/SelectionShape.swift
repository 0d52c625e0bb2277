import OrionAPI

/// A selection set, by identity: what the normalizer keys its size hints by, one lookup per
/// object written. `ObjectIdentifier`'s own hashing runs a `Hasher` (SipHash) over the address
/// for each, 1 % of writing a GitHub response to the cache.
struct SelectionShape: Hashable {
    private let id: ObjectIdentifier

    init(_ metadata: SelectionSetMetadata) {
        id = ObjectIdentifier(metadata)
    }

    /// The address, mixed with the table's seed (``TableHash``).
    func _rawHashValue(seed: Int) -> Int {
        TableHash.mix(Int(bitPattern: id), seed: seed)
    }
}
