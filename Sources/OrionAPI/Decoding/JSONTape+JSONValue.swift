extension JSONTape {
    /// A tape of a value built in memory (cache records, fixtures): the same index a parsed
    /// response gives, without writing and re-reading JSON text.
    public convenience init(_ value: JSONValue) {
        var builder = Builder()
        builder.append(value)
        self.init(bytes: builder.bytes, entries: builder.entries)
    }

    private struct Builder {
        var bytes: [UInt8] = []
        var entries: [Entry] = []

        mutating func append(_ value: JSONValue) {
            switch value {
            case .null: entries.append(Entry(kind: .null, flag: false, first: 0, second: 0))
            case .bool(let bool): entries.append(Entry(kind: bool ? .true : .false, flag: false, first: 0, second: 0))
            case .int(let int): appendBytes(kind: .number, flag: false, String(int).utf8)
            case .double(let double): appendBytes(kind: .number, flag: true, String(double).utf8)
            // Raw UTF-8, so no escapes to decode.
            case .string(let string): appendBytes(kind: .string, flag: false, string.utf8)
            case .list(let values):
                let index = entries.count
                entries.append(Entry(kind: .array, flag: false, first: 0, second: UInt32(values.count)))
                for element in values { append(element) }
                entries[index].first = UInt32(entries.count)
            case .object(let fields):
                let index = entries.count
                entries.append(Entry(kind: .object, flag: false, first: 0, second: UInt32(fields.count)))
                for (key, element) in fields {
                    appendBytes(kind: .string, flag: false, key.utf8)
                    append(element)
                }
                entries[index].first = UInt32(entries.count)
            }
        }

        private mutating func appendBytes(kind: Kind, flag: Bool, _ utf8: String.UTF8View) {
            let start = bytes.count
            bytes.append(contentsOf: utf8)
            entries.append(Entry(kind: kind, flag: flag, first: UInt32(start), second: UInt32(bytes.count - start)))
        }
    }
}
