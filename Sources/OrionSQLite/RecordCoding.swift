import Foundation
import Orion
import OrionAPI

/// Records as JSON in the database: `{"field": {"v": value} | {"r": "key"} | {"l": [...]}}`, with
/// `"e": seconds since 1970` beside the value when the field expires.
enum RecordCoding {
    static func encode(_ record: Record) -> Data {
        var fields: [String: JSONValue] = [:]
        for (name, value) in record.fields {
            var encoded = encode(value)
            if let expiry = record.expirations[name], case .object(var tagged) = encoded {
                tagged["e"] = .double(expiry.timeIntervalSince1970)
                encoded = .object(tagged)
            }
            fields[name] = encoded
        }
        return (try? JSONSerialization.data(withJSONObject: JSONValue.object(fields).jsonObjectValue, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    static func decode(_ data: Data, key: CacheKey) -> Record? {
        guard let object = try? JSONSerialization.jsonObject(with: data), case .object(let fields)? = JSONValue(jsonObjectValue: object) else {
            return nil
        }
        var record = Record(key: key)
        for (name, value) in fields {
            guard let decoded = decode(value) else { return nil }
            record.fields[name] = decoded
            if case .object(let tagged) = value, let expiry = tagged["e"] {
                switch expiry {
                case .double(let seconds): record.expirations[name] = Date(timeIntervalSince1970: seconds)
                case .int(let seconds): record.expirations[name] = Date(timeIntervalSince1970: Double(seconds))
                default: return nil
                }
            }
        }
        return record
    }

    private static func encode(_ value: RecordValue) -> JSONValue {
        switch value {
        case .value(let json): return .object(["v": json])
        case .reference(let key): return .object(["r": .string(key)])
        case .list(let values): return .object(["l": .list(values.map(encode))])
        }
    }

    private static func decode(_ value: JSONValue) -> RecordValue? {
        guard case .object(let tagged) = value else { return nil }
        if let json = tagged["v"] { return .value(json) }
        if case .string(let key)? = tagged["r"] { return .reference(key) }
        if case .list(let values)? = tagged["l"] {
            var decoded: [RecordValue] = []
            for element in values {
                guard let element = decode(element) else { return nil }
                decoded.append(element)
            }
            return .list(decoded)
        }
        return nil
    }
}
