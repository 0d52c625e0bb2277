/// Swift literals for generated code.
enum SwiftLiteral {
    /// A one-line string literal with `\`, `"` and control characters escaped.
    static func string(_ value: String) -> String {
        var literal = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// A multi-line raw string literal whose value is exactly `value`, each line indented by
    /// `indent` (which Swift strips again). The number of `#` is chosen so that nothing in the
    /// text can end the literal.
    static func rawMultiline(_ value: String, indent: String) -> [String] {
        var hashes = "#"
        while value.contains("\"" + hashes) || value.contains("\\" + hashes) { hashes += "#" }
        var lines = [hashes + "\"\"\""]
        for line in value.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(line.isEmpty ? "" : indent + line)
        }
        lines.append(indent + "\"\"\"" + hashes)
        return lines
    }
}
