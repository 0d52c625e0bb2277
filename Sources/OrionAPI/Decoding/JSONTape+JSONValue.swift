extension JSONTape {
    /// A tape of a value built in memory (cache records, fixtures): the same index a parsed
    /// response gives, without writing and re-reading JSON text.
    public convenience init(_ value: JSONValue) {
        var builder = Builder()
        builder.append(value)
        self.init(builder)
    }

    /// The tape a builder has written.
    package convenience init(_ builder: Builder) {
        self.init(bytes: builder.bytes, entries: builder.entries)
    }

    /// Writes a tape value by value: the cache reader writes the models' input straight from
    /// records, with no `JSONValue` tree in between.
    package struct Builder {
        var bytes: [UInt8] = []
        var entries: [Entry] = []

        package init() {}

        package mutating func append(_ value: JSONValue) {
            switch value {
            case .null: entries.append(Entry(kind: .null, flag: false, first: 0, second: 0))
            case .bool(let bool): entries.append(Entry(kind: bool ? .true : .false, flag: false, first: 0, second: 0))
            case .int(let int): appendBytes(kind: .number, flag: false, String(int).utf8)
            case .double(let double): appendBytes(kind: .number, flag: true, String(double).utf8)
            case .string(let string): appendString(string)
            case .list(let values):
                let list = beginList()
                for element in values { append(element) }
                end(list, count: values.count)
            case .object(let fields):
                let object = beginObject()
                for (key, element) in fields {
                    appendString(key)
                    append(element)
                }
                end(object, count: fields.count)
            }
        }

        /// A string: an object's key, or a string value. Raw UTF-8, so no escapes to decode.
        package mutating func appendString(_ string: String) {
            appendBytes(kind: .string, flag: false, string.utf8)
        }

        /// Starts an object, whose keys and values follow; `end` closes it.
        package mutating func beginObject() -> Int {
            entries.append(Entry(kind: .object, flag: false, first: 0, second: 0))
            return entries.count - 1
        }

        /// Starts a list, whose elements follow; `end` closes it.
        package mutating func beginList() -> Int {
            entries.append(Entry(kind: .array, flag: false, first: 0, second: 0))
            return entries.count - 1
        }

        /// Closes the container begun at `index`, with `count` elements (an object's: fields).
        package mutating func end(_ index: Int, count: Int) {
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
