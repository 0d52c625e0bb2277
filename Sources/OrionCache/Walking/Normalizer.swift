import OrionAPI

/// Turns response data, or a model's data, into records, walking it with the generated
/// selection metadata (a ``NormalizerSource``: a response object, or a `DataDict`).
///
/// A. Each object gets a cache key: the schema configuration's `cacheKeyInfo`, else its type's
///    `@typePolicy` key fields (`Launch:92`), else its path from the root.
/// B. Each selected field is stored under its field key (name and arguments); objects become
///    references to their own records, lists keep their shape.
/// C. Type cases and fragments add their fields to the same record when the object's
///    `__typename` satisfies their type condition; @include/@skip conditions are evaluated with
///    the operation's variables, defaults filled in for those not sent (as the server did), and
///    fields the server left out are not stored.
struct Normalizer {
    let schema: any SchemaMetadata.Type
    let variables: [String: JSONValue]
    /// Whether to note every record field written, for a watcher.
    let tracksDependencies: Bool
    private(set) var records: [CacheKey: Record] = [:]
    /// Every record field written, when tracked: the fields that reading the cache reads for the
    /// same selections, so a watcher of the result need not read it back to learn them.
    private(set) var dependencies: Set<CacheField> = []

    init(schema: any SchemaMetadata.Type, variables: [String: JSONValue], tracksDependencies: Bool = false) {
        self.schema = schema
        self.variables = variables
        self.tracksDependencies = tracksDependencies
    }

    /// Normalizes a whole response's data: `normalize(_:selections:key:)` with the table of
    /// records sized for it at once, which otherwise grows (and rehashes its keys) a dozen times.
    mutating func normalizeRoot<Source: NormalizerSource>(_ object: Source, selections: [Selection], key: CacheKey) throws {
        let objects = object.objectCountIncludingNested(selections: selections)
        if objects >= Self.worthReserving { records.reserveCapacity(objects) }
        try normalize(object, selections: selections, key: key)
    }

    mutating func normalize<Source: NormalizerSource>(_ object: Source, selections: [Selection], key: CacheKey) throws {
        let typename = object.typename(in: selections)
        // The object's fields are gathered apart and stored once: its nested objects are
        // stored meanwhile, and may even be itself, when reached again by key.
        var fields: [String: RecordValue] = [:]
        if selections.count >= Self.worthReserving { fields.reserveCapacity(selections.count) }
        try object.forEachField(of: selections, typename: typename, variables: variables) { field, value in
            let fieldKey = CacheFieldKey.make(field, variables: variables)
            if tracksDependencies { dependencies.insert(CacheField(key: key, field: fieldKey)) }
            fields[fieldKey] = try normalize(value, type: field.type, parent: key, step: fieldKey)
        }
        // One lookup of the key, which for objects without an id is a long path.
        records[key, default: Record(key: key)].absorb(fields)
    }

    /// `parent` and `step` make the path key of an object without a key of its own; the string
    /// is built only for such objects.
    private mutating func normalize<Value: NormalizerSourceValue>(_ value: Value, type: FieldType, parent: CacheKey, step: String) throws -> RecordValue {
        if value.isNull { return .value(.null) }
        switch type {
        case .nonNull(let inner):
            return try normalize(value, type: inner, parent: parent, step: step)
        case .list(let inner):
            let path = parent + "." + step
            var elements: [RecordValue] = []
            for (index, element) in try value.decodeList().enumerated() {
                elements.append(try normalize(element, type: inner, parent: path, step: String(index)))
            }
            return .list(elements)
        case .scalar:
            return .value(value.decodeJSON())
        case .object(let selectionSet):
            let object = try value.decodeObject()
            let selections = selectionSet.__selections
            let key = cacheKey(object, selections: selections) ?? parent + "." + step
            try normalize(object, selections: selections, key: key)
            return .reference(key)
        }
    }

    /// The size from which sizing a table up front pays: `reserveCapacity` is not specialized,
    /// and for a few entries its generic call costs more than growing would.
    static let worthReserving = 8

    /// A
    private func cacheKey<Source: NormalizerSource>(_ object: Source, selections: [Selection]) -> CacheKey? {
        guard let typename = object.typename(in: selections),
              let type = schema.objectType(forTypename: typename) else { return nil }
        if let response = object.responseObject(selections: selections), let info = schema.cacheKeyInfo(for: type, object: response) {
            return (info.uniqueKeyGroup ?? typename) + ":" + info.id
        }
        guard !type.keyFields.isEmpty else { return nil }
        var values: [String] = []
        for keyField in type.keyFields {
            guard let value = object.keyFieldValue(keyField, in: selections) else { return nil }
            switch value {
            case .string(let string): values.append(string)
            case .int(let int): values.append(String(int))
            case let other: values.append("\(other)")
            }
        }
        return typename + ":" + values.joined(separator: "+")
    }
}
