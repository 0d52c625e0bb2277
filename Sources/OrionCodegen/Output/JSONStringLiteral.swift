/// JSON string literals for the JSON Orion writes by hand (the operation manifest, the docs
/// site's data): one escaper, so that both read back as the text they were given.
enum JSONStringLiteral {
    /// `value` as a JSON string literal: quotes, backslashes and control characters escaped, the
    /// rest (non-ASCII included) as it is. `forHTML` escapes `<`, U+2028 and U+2029 too, so that
    /// the literal can sit inside an HTML `<script>` element without ending it.
    static func quoted(_ value: String, forHTML: Bool) -> String {
        var result = "\""
        result.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<" where forHTML: result += "\\u003c"
            case "\u{2028}" where forHTML: result += "\\u2028"
            case "\u{2029}" where forHTML: result += "\\u2029"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
