import GraphQLLanguage

/// JSON string literals for the JSON Orion writes by hand (the operation manifest, the docs
/// site's data): one escaper, so that both read back as the text they were given.
enum JSONStringLiteral {
    /// `value` as a JSON string literal: quotes, backslashes and control characters escaped, the
    /// rest (non-ASCII included) as it is. `forHTML` escapes `<`, U+2028 and U+2029 too, so that
    /// the literal can sit inside an HTML `<script>` element without ending it.
    static func quoted(_ value: String, forHTML: Bool) -> String {
        // A GraphQL string literal is a JSON one: the printer's escaper serves both.
        let literal = Printer.quoted(value)
        guard forHTML else { return literal }
        var result = ""
        result.reserveCapacity(literal.utf8.count)
        for scalar in literal.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
