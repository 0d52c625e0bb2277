/// JSON text written by hand, in a fixed key order: the docs pages must be the same bytes for the
/// same schema, and a writer that appends strings is several times faster than building
/// dictionaries for `JSONSerialization` on a schema of thousands of types.
struct JSONText {
    private(set) var text = ""

    /// A JSON string literal of `value`. `<` is escaped too, so that the text can sit inside an
    /// HTML `<script>` element without ending it.
    static func quoted(_ value: String) -> String {
        var result = "\""
        result.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003c"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Writes `{"key": value, ...}` for the members that are present (`nil` values are left out,
    /// so the page reads an absent key as "none").
    static func object(_ members: [(String, String?)]) -> String {
        "{" + members.compactMap { key, value in value.map { quoted(key) + ":" + $0 } }.joined(separator: ",") + "}"
    }

    /// `[a,b,...]` of already-encoded values.
    static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }

    /// A string value, or nil (left out) for `nil`.
    static func string(_ value: String?) -> String? {
        value.map(quoted)
    }

    /// An array of strings, or nil (left out) when empty.
    static func strings(_ values: [String]) -> String? {
        values.isEmpty ? nil : array(values.map(quoted))
    }
}
