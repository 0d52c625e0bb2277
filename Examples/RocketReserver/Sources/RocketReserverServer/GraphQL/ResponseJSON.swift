import GraphQL

/// Writes GraphQL responses as JSON text, keeping the key order of `Map` (the order of the
/// query's selections) rather than a Swift dictionary's arbitrary order.
enum ResponseJSON {
    /// `{"data": ..., "errors": [...]}`: `data` only when the outcome has it.
    static func response(_ outcome: ExecutionOutcome) -> String {
        var text = "{"
        var first = true
        if outcome.hasData {
            text += "\"data\":"
            write(outcome.data ?? .null, into: &text)
            first = false
        }
        if !outcome.errors.isEmpty || !outcome.hasData {
            if !first { text += "," }
            text += "\"errors\":" + errors(outcome.errors)
        }
        return text + "}"
    }

    static func errors(_ errors: [ResponseError]) -> String {
        "[" + errors.map(error).joined(separator: ",") + "]"
    }

    static func error(_ error: ResponseError) -> String {
        var text = "{\"message\":" + string(error.message)
        if !error.locations.isEmpty {
            text += ",\"locations\":[" + error.locations.map { "{\"line\":\($0.line),\"column\":\($0.column)}" }.joined(separator: ",") + "]"
        }
        if !error.path.isEmpty {
            text += ",\"path\":[" + error.path.map { component in
                switch component {
                case .key(let key): string(key)
                case .index(let index): String(index)
                }
            }.joined(separator: ",") + "]"
        }
        var extensions: [String] = []
        if let code = error.code { extensions.append("\"code\":" + string(code)) }
        if let operationName = error.operationName { extensions.append("\"operation_name\":" + string(operationName)) }
        if !extensions.isEmpty {
            text += ",\"extensions\":{" + extensions.joined(separator: ",") + "}"
        }
        return text + "}"
    }

    static func value(_ map: Map) -> String {
        var text = ""
        write(map, into: &text)
        return text
    }

    static func write(_ map: Map, into text: inout String) {
        switch map {
        case .undefined, .null:
            text += "null"
        case .bool(let bool):
            text += bool ? "true" : "false"
        case .number(let number):
            text += self.number(number)
        case .string(let string):
            text += self.string(string)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                write(item, into: &text)
            }
            text += "]"
        case .dictionary(let entries):
            text += "{"
            var first = true
            for (key, value) in entries {
                // Undefined means "not there" in a Map, as in JavaScript.
                if case .undefined = value { continue }
                if !first { text += "," }
                first = false
                text += string(key) + ":"
                write(value, into: &text)
            }
            text += "}"
        }
    }

    private static func number(_ number: Number) -> String {
        switch number.storageType {
        case .bool:
            return number.boolValue ? "true" : "false"
        case .int:
            return String(number.intValue)
        case .double, .unknown:
            let double = number.doubleValue
            guard double.isFinite else { return "null" }
            if double == double.rounded(), abs(double) < 9_007_199_254_740_992 {
                return String(Int64(double))
            }
            return String(double)
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func string(_ value: String) -> String {
        var text = "\""
        text.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            default:
                if scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
