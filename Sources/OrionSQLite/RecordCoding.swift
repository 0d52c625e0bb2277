import Foundation
import OrionCache
import OrionAPI

/// Records in the database, in a compact binary form that encodes and decodes in one pass
/// (JSON through `JSONSerialization` cost more than the rest of a cache write or read):
///
///     record := count:varint { name:string expiry:(0 | 1 seconds:f64) value }*count
///     value  := 0 null | 1 false | 2 true | 3 int:zigzag-varint | 4 double:f64 | 5 string
///             | 6 json-list:count { value }* | 7 json-object:count { name:string value }*
///             | 8 reference:string | 9 record-list:count { value }*
///     string := length:varint utf8-bytes
///
/// Tags 0–7 are a `.value` (a scalar, or JSON a custom scalar holds); 8 and 9 are the record's
/// own references and lists. Numbers are little-endian. `formatVersion` is kept in the file's
/// `user_version`, so that a file in another format is recognized rather than misread.
enum RecordCoding {
    /// 2: the table is `WITHOUT ROWID`. 3: large records' bytes in a table of their own (see
    /// `SQLiteNormalizedCache.createTables`).
    static let formatVersion: Int32 = 3

    static func encode(_ record: Record) -> [UInt8] {
        var buffer = RecordBuffer()
        encode(record, into: &buffer)
        return buffer.withUnsafeBytes { Array($0) }
    }

    /// Appends `record`'s bytes to `buffer`: a writer of many records reuses one buffer.
    static func encode(_ record: Record, into buffer: inout RecordBuffer) {
        buffer.varint(UInt64(record.fields.count))
        for (name, value) in record.fields {
            buffer.string(name)
            if let expiry = record.expirations.isEmpty ? nil : record.expirations[name] {
                buffer.append(1)
                buffer.double(expiry.timeIntervalSince1970)
            } else {
                buffer.append(0)
            }
            buffer.value(value)
        }
    }

    /// The record, or nil when the bytes are not one (a damaged file).
    static func decode(_ bytes: UnsafeRawBufferPointer, key: CacheKey) -> Record? {
        var reader = Reader(bytes: bytes)
        guard let count = reader.count() else { return nil }
        var record = Record(key: key)
        record.fields.reserveCapacity(count)
        for _ in 0..<count {
            guard let name = reader.string(), let hasExpiry = reader.byte() else { return nil }
            if hasExpiry == 1 {
                guard let seconds = reader.double() else { return nil }
                record.expirations[name] = Date(timeIntervalSince1970: seconds)
            } else if hasExpiry != 0 {
                return nil
            }
            guard let value = reader.recordValue() else { return nil }
            record.fields[name] = value
        }
        return reader.isAtEnd ? record : nil
    }

    /// How deep lists and JSON may nest in a record that decodes: twice what a response may
    /// (`JSONTape` reads 512 levels), for JSON in lists. Reading recurses, and a damaged file must
    /// not run it out of stack: a record nested deeper reads as damaged.
    static let maximumDepth = 1024

    /// Reads what `Writer` wrote; every read checks the bounds and answers nil past them.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        /// How many lists and objects the read is inside.
        var depth = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() -> UInt64? {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while shift < 64 {
                guard let byte = byte() else { return nil }
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return result }
                shift += 7
            }
            return nil
        }

        /// A count of elements that follow: each takes at least a byte, which bounds it.
        mutating func count() -> Int? {
            guard let count = varint(), count <= UInt64(bytes.count - offset) else { return nil }
            return Int(count)
        }

        mutating func double() -> Double? {
            guard bytes.count - offset >= 8 else { return nil }
            var bits: UInt64 = 0
            for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            return Double(bitPattern: bits)
        }

        mutating func string() -> String? {
            guard let length = count() else { return nil }
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }

        mutating func recordValue() -> RecordValue? {
            guard offset < bytes.count else { return nil }
            switch bytes[offset] {
            case 8:
                offset += 1
                return string().map(RecordValue.reference)
            case 9:
                offset += 1
                return list { $0.recordValue() }.map(RecordValue.list)
            default:
                return json().map(RecordValue.value)
            }
        }

        /// A count, then that many elements.
        mutating func list<Element>(_ element: (inout Reader) -> Element?) -> [Element]? {
            guard depth < RecordCoding.maximumDepth, let count = count() else { return nil }
            depth += 1
            defer { depth -= 1 }
            var elements: [Element] = []
            elements.reserveCapacity(count)
            for _ in 0..<count {
                guard let value = element(&self) else { return nil }
                elements.append(value)
            }
            return elements
        }

        mutating func json() -> JSONValue? {
            guard let tag = byte() else { return nil }
            switch tag {
            case 0: return .null
            case 1: return .bool(false)
            case 2: return .bool(true)
            case 3:
                guard let bits = varint() else { return nil }
                // Zigzag: the unsigned shift undoes the encoding's, the low bit is the sign.
                return .int(Int(truncatingIfNeeded: Int64(bitPattern: (bits >> 1) ^ (0 &- (bits & 1)))))
            case 4: return double().map(JSONValue.double)
            case 5: return string().map(JSONValue.string)
            case 6: return list { $0.json() }.map(JSONValue.list)
            case 7:
                guard depth < RecordCoding.maximumDepth, let count = count() else { return nil }
                depth += 1
                defer { depth -= 1 }
                var fields: [String: JSONValue] = [:]
                for _ in 0..<count {
                    guard let name = string(), let value = json() else { return nil }
                    fields[name] = value
                }
                return .object(fields)
            default: return nil
            }
        }
    }
}

/// The writing half of the format: what `RecordCoding.Reader` reads.
fileprivate extension RecordBuffer {
    mutating func value(_ value: RecordValue) {
        switch value {
        case .value(let json): self.json(json)
        case .reference(let key):
            append(8)
            string(key)
        case .list(let values):
            append(9)
            varint(UInt64(values.count))
            for element in values { self.value(element) }
        }
    }

    mutating func json(_ value: JSONValue) {
        switch value {
        case .null: append(0)
        case .bool(let bool): append(bool ? 2 : 1)
        case .int(let int):
            append(3)
            varint(UInt64(bitPattern: Int64((int << 1) ^ (int >> (Int.bitWidth - 1)))))
        case .double(let double):
            append(4)
            self.double(double)
        case .string(let string):
            append(5)
            self.string(string)
        case .list(let values):
            append(6)
            varint(UInt64(values.count))
            for element in values { json(element) }
        case .object(let fields):
            append(7)
            varint(UInt64(fields.count))
            for (name, element) in fields {
                string(name)
                json(element)
            }
        }
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        append(UInt8(value))
    }

    mutating func double(_ value: Double) {
        Swift.withUnsafeBytes(of: value.bitPattern.littleEndian) { append($0) }
    }

    mutating func string(_ string: String) {
        varint(UInt64(string.utf8.count))
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
}
