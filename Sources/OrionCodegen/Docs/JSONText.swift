/// JSON text written by hand, in a fixed key order: the docs pages must be the same bytes for the
/// same schema, and a writer that appends strings is several times faster than building
/// dictionaries for `JSONSerialization` on a schema of thousands of types.
struct JSONText {
    private(set) var text = ""

    /// A JSON string literal of `value`, safe inside an HTML `<script>` element.
    static func quoted(_ value: String) -> String {
        JSONStringLiteral.quoted(value, forHTML: true)
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
