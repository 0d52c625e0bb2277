extension JSONTape {
    /// A tape of a value built in memory (fixtures, the object a schema configuration's
    /// `cacheKeyInfo` reads when a model is written to the cache): the same index a parsed
    /// response gives, without writing and re-reading JSON text.
    public convenience init(_ value: JSONValue) {
        var builder = Builder()
        builder.append(value)
        self.init(bytes: .array(builder.bytes), entries: builder.entries)
    }

    /// Writes a tape value by value. Its bytes are what the readers look at, not JSON: scalars
    /// raw (strings unescaped, so their entries have no escapes to decode), and before each
    /// member's value the `"key":` its key is read from, or, for a key that a quote or a
    /// backslash would make ambiguous there, a `key` entry.
    private struct Builder {
        var bytes: [UInt8] = []
        var entries: [Entry] = []

        mutating func append(_ value: JSONValue) {
            switch value {
            case .null: appendBytes(kind: .null, flag: false, "null".utf8)
            case .bool(let bool): appendBytes(kind: bool ? .true : .false, flag: false, (bool ? "true" : "false").utf8)
            case .int(let int): appendBytes(kind: .number, flag: false, String(int).utf8)
            // Swift prints the shortest text that reads back as the same double.
            case .double(let double): appendBytes(kind: .number, flag: true, String(double).utf8)
            case .string(let string):
                bytes.append(UInt8(ascii: "\""))
                appendBytes(kind: .string, flag: false, string.utf8)
                bytes.append(UInt8(ascii: "\""))
            case .list(let values):
                let list = begin(.array, UInt8(ascii: "["))
                for element in values { append(element) }
                end(list)
            case .object(let fields):
                let object = begin(.object, UInt8(ascii: "{"))
                for (key, element) in fields {
                    if key.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                        appendBytes(kind: .key, flag: false, key.utf8)
                    } else {
                        bytes.append(UInt8(ascii: "\""))
                        bytes.append(contentsOf: key.utf8)
                        bytes.append(contentsOf: "\":".utf8)
                    }
                    append(element)
                }
                end(object)
            }
        }

        /// Starts a container at its bracket, whose elements follow; `end` closes it.
        private mutating func begin(_ kind: Kind, _ bracket: UInt8) -> Int {
            entries.append(Entry(kind: kind, flag: false, offset: UInt32(bytes.count), second: 0))
            bytes.append(bracket)
            return entries.count - 1
        }

        /// Closes the container begun at `index`.
        private mutating func end(_ index: Int) {
            entries[index].second = UInt32(entries.count)
        }

        private mutating func appendBytes(kind: Kind, flag: Bool, _ utf8: String.UTF8View) {
            let start = bytes.count
            bytes.append(contentsOf: utf8)
            entries.append(Entry(kind: kind, flag: flag, offset: UInt32(start), second: UInt32(bytes.count - start)))
        }
    }
}
