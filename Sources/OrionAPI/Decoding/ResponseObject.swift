import Foundation

/// An object in a response, read from a `JSONTape`: what generated selection sets decode from.
public struct ResponseObject: Sendable {
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// Parses a JSON object.
    ///
    /// - Throws: `JSONParseError` for text that is not JSON, ``ResponseDecodingError`` for JSON
    ///   that is not an object.
    public init(jsonData: Data) throws {
        let tape = try JSONTape(data: jsonData)
        self = try tape.root.decodeObject()
    }

    /// The value under `key`, or `nil` when the object has no such key.
    @inlinable
    public func value(forKey key: String) -> ResponseValue? {
        var hint = 0
        return value(forKey: key, hint: &hint)
    }

    /// ``value(forKey:)``, searched from `hint` as ``entryIndex(forKey:hint:)`` describes.
    @inlinable @inline(__always)
    func value(forKey key: String, hint: inout Int) -> ResponseValue? {
        // A native string's bytes are read where they are; only another (bridged) is copied.
        let found = key.utf8.withContiguousStorageIfAvailable { entryIndex(forKey: $0, hint: &hint) }
            ?? Array(key.utf8).withUnsafeBufferPointer { entryIndex(forKey: $0, hint: &hint) }
        return found.map { ResponseValue(tape: tape, index: $0) }
    }

    /// The tape index of the value under the key spelled `keyBytes`, searched from `hint` (0 at
    /// first) to the object's end and then from its start: fields looked up in the order the
    /// server wrote them (the spec's order, the selections') are each found at the first key tried.
    ///
    /// `hint` moves past a key only when that key is the one found at it, so every key before
    /// it has been found by an earlier lookup. Lookups of distinct keys (a selection set's
    /// fields) therefore find each key's first occurrence, as a search from the object's start
    /// does, even in an object that repeats a key.
    @usableFromInline
    func entryIndex(forKey keyBytes: UnsafeBufferPointer<UInt8>, hint: inout Int) -> Int? {
        tape.bytes.withUnsafeBufferPointer { bytes in
            tape.entries.withUnsafeBufferPointer { entries in
                let start = index + 1
                let end = Int(entries[index].first)
                // A hint is a key of this object, as only a find sets it: any other starts over.
                let from = hint > start && hint < end ? hint : start
                func matches(_ keyEntry: JSONTape.Entry) -> Bool {
                    if Int(keyEntry.second) == keyBytes.count, !keyEntry.flag {
                        guard let base = bytes.baseAddress, let keyBase = keyBytes.baseAddress else { return true }  // both empty
                        return memcmp(base + Int(keyEntry.first), keyBase, keyBytes.count) == 0
                    }
                    return keyEntry.flag && tape.unescapedString(keyEntry) == String(decoding: keyBytes, as: UTF8.self)
                }
                var cursor = from
                while cursor < end {
                    if matches(entries[cursor]) {
                        if cursor == from { hint = tape.next(after: cursor + 1) }
                        return cursor + 1
                    }
                    cursor = tape.next(after: cursor + 1)
                }
                cursor = start
                while cursor < from {
                    if matches(entries[cursor]) { return cursor + 1 }
                    cursor = tape.next(after: cursor + 1)
                }
                return nil
            }
        }
    }

    /// How many objects this one holds at any depth, itself included: a bound on the records it
    /// normalizes into, for sizing their table once.
    package var objectCountIncludingNested: Int {
        let entries = tape.entries
        var count = 0
        for entry in entries[index..<Int(entries[index].first)] where entry.kind == .object { count += 1 }
        return count
    }

    /// Calls `body` with each field in order.
    public func forEachField(_ body: (String, ResponseValue) throws -> Void) rethrows {
        let entries = tape.entries
        var cursor = index + 1
        let end = Int(entries[index].first)
        while cursor < end {
            let key = (try? ResponseValue(tape: tape, index: cursor).decodeString()) ?? ""
            try body(key, ResponseValue(tape: tape, index: cursor + 1))
            cursor = tape.next(after: cursor + 1)
        }
    }

    /// Decodes the field under `key`; errors carry the key in their path.
    @inlinable
    public func field<T: ResponseDecodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        do {
            guard let value = value(forKey: key) else { return try T.decodeMissing() }
            return try T(responseValue: value)
        } catch let error as ResponseDecodingError {
            throw error.prefixed(by: .key(key))
        }
    }
}
