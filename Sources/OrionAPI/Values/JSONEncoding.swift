import Foundation

/// Writes `JSONValue`s as JSON text: request bodies, query parameters, WebSocket messages, cache
/// dumps.
package enum JSONEncoding {
    package static func data(_ value: JSONValue) -> Data {
        var text = ""
        write(value, into: &text)
        return Data(text.utf8)
    }

    package static func string(_ value: JSONValue) -> String {
        var text = ""
        write(value, into: &text)
        return text
    }

    package static func write(_ value: JSONValue, into text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let bool): text += bool ? "true" : "false"
        case .int(let int): text += String(int)
        case .double(let double):
            text += double.isFinite ? (double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : "\(double)") : "null"
        case .string(let string): writeString(string, into: &text)
        case .list(let values):
            text += "["
            for (index, element) in values.enumerated() {
                if index > 0 { text += "," }
                write(element, into: &text)
            }
            text += "]"
        case .object(let fields):
            text += "{"
            // Sorted keys: the same variables always make the same bytes (GET caching, tests).
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                writeString(key, into: &text)
                text += ":"
                if let element = fields[key] { write(element, into: &text) }
            }
            text += "}"
        }
    }

    package static func writeString(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                text += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
