import OrionAPI

/// The key of a field in its record: the field's name, with its arguments when it has any,
/// sorted by name: `missionPatch(size:SMALL)`, `launches(after:MTA4,pageSize:20)`. Aliases do
/// not count: two aliases of the same field and arguments share the stored value.
///
/// A paginated field (``PaginatedField``) leaves its pagination arguments out, so that its
/// pages share one stored value: `launches(pageSize:20)`.
enum CacheFieldKey {
    static func make(_ field: Selection.Field, variables: [String: JSONValue], leavingOut leftOut: [String] = []) -> String {
        guard !field.arguments.isEmpty else { return field.name }
        var parts: [String] = []
        for name in field.arguments.keys.sorted() where !leftOut.contains(name) {
            guard let value = field.arguments[name]?.resolved(with: variables) else { continue }
            parts.append(name + ":" + text(value))
        }
        return parts.isEmpty ? field.name : field.name + "(" + parts.joined(separator: ",") + ")"
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        case .double(let double): return String(double)
        case .string(let string): return string
        case .list(let values): return "[" + values.map(text).joined(separator: ",") + "]"
        case .object(let fields): return "{" + fields.keys.sorted().map { $0 + ":" + text(fields[$0] ?? .null) }.joined(separator: ",") + "}"
        }
    }
}

/// The field keys of one write or one read, each made once: the objects of a list meet the same
/// fields again and again, and a key with arguments (sorted, printed and joined) costs far more
/// to make than to look up. Keys are remembered by the field's identity, for the one set of
/// variables of the operation; a field is kept alive by the selections being walked.
struct CacheFieldKeys {
    let variables: [String: JSONValue]
    private var made: [ObjectIdentifier: String] = [:]

    init(variables: [String: JSONValue]) {
        self.variables = variables
    }

    /// `CacheFieldKey.make(field, variables:)`, made once per field.
    mutating func key(_ field: Selection.Field) -> String {
        guard !field.arguments.isEmpty else { return field.name }
        let id = ObjectIdentifier(field)
        if let key = made[id] { return key }
        let key = CacheFieldKey.make(field, variables: variables)
        made[id] = key
        return key
    }
}
