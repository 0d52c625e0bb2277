extension JSONTape {
    /// A tape of a value built in memory (fixtures, the object a schema configuration's
    /// `cacheKeyInfo` reads when a model is written to the cache): the same index a parsed
    /// response gives, without writing and re-reading JSON text.
    public convenience init(_ value: JSONValue) {
        var builder = Builder()
        builder.append(value)
        self.init(bytes: .array(builder.bytes), entries: builder.entries)
    }

    /// Writes a tape value by value.
    private struct Builder {
        var bytes: [UInt8] = []
        var entries: [Entry] = []

        mutating func append(_ value: JSONValue) {
            switch value {
            case .null: entries.append(Entry(kind: .null, flag: false, first: 0, second: 0))
            case .bool(let bool): entries.append(Entry(kind: bool ? .true : .false, flag: false, first: 0, second: 0))
            case .int(let int): appendBytes(kind: .number, flag: false, String(int).utf8)
            // Swift prints the shortest text that reads back as the same double.
            case .double(let double): appendBytes(kind: .number, flag: true, String(double).utf8)
            case .string(let string): appendString(string)
            case .list(let values):
                let list = begin(.array)
                for element in values { append(element) }
                end(list, count: values.count)
            case .object(let fields):
                let object = begin(.object)
                for (key, element) in fields {
                    appendString(key)
                    append(element)
                }
                end(object, count: fields.count)
            }
        }

        /// A string: an object's key, or a string value. Raw UTF-8, so no escapes to decode.
        private mutating func appendString(_ string: String) {
            appendBytes(kind: .string, flag: false, string.utf8)
        }

        /// Starts a container, whose elements follow (an object's: keys and values); `end`
        /// closes it.
        private mutating func begin(_ kind: Kind) -> Int {
            entries.append(Entry(kind: kind, flag: false, first: 0, second: 0))
            return entries.count - 1
        }

        /// Closes the container begun at `index`, with `count` elements (an object's: fields).
        private mutating func end(_ index: Int, count: Int) {
            entries[index].first = UInt32(entries.count)
            entries[index].second = UInt32(count)
        }

        private mutating func appendBytes(kind: Kind, flag: Bool, _ utf8: String.UTF8View) {
            let start = bytes.count
            bytes.append(contentsOf: utf8)
            entries.append(Entry(kind: kind, flag: flag, first: UInt32(start), second: UInt32(bytes.count - start)))
        }
    }
}
