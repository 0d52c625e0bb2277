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
/// D. A paginated field (``PaginatedField``) is stored under its field key without its
///    pagination arguments, so that every page writes one value. A first page (its pagination
///    arguments other than `first`/`last` null or absent) is written as any field is: it
///    replaces the stored value. A later page notes in ``pageMerges`` that its lists (the
///    field's own, or the list fields of the object it returns) join the stored ones, and, for
///    a Relay connection, which `pageInfo` fields belong to the other direction; objects of
///    the page without a key of their own are stored at paths of its full field key, so pages
///    do not overwrite each other's.
struct Normalizer {
    let schema: any SchemaMetadata.Type
    let variables: [String: JSONValue]
    /// Whether to note every record field written, for a watcher.
    let tracksDependencies: Bool
    private(set) var records = RecordSet()
    /// Every record field written, when tracked: the fields that reading the cache reads for the
    /// same selections, so a watcher of the result need not read it back to learn them.
    private(set) var dependencies: Set<CacheField> = []
    /// How later pages of paginated fields join what the cache stores (D).
    private(set) var pageMerges = PageMerges()
    private var fieldKeys: CacheFieldKeys
    /// The fields an object of each selection set got so far, for those whose type cases and
    /// fragments added fields to their own selections: the next object of the same selections is
    /// sized for as many, rather than grown on the way, each growth copying its fields (when
    /// fields were a dictionary, whose growth hashed each again, 5 % of a GitHub response's
    /// write). Empty for selections without fragments.
    private var fieldCounts: [SelectionShape: Int] = [:]
    /// The object type the last lookup by `__typename` found (see
    /// `SchemaMetadata.objectType(forTypename:selectionsOn:lastLookedUp:)`).
    private var lastLookedUpType: ObjectType?

    init(schema: any SchemaMetadata.Type, variables: [String: JSONValue], tracksDependencies: Bool = false) {
        self.schema = schema
        self.variables = variables
        self.tracksDependencies = tracksDependencies
        fieldKeys = CacheFieldKeys(variables: variables)
    }

    /// Normalizes a whole response's data: `normalize(_:typename:metadata:key:)` with the table
    /// of records sized for it at once, which otherwise grows (and rehashes its keys) a dozen
    /// times. The root's response has no `__typename`: its paginated fields are those of the
    /// type `metadata`'s selections are made on (D).
    mutating func normalizeRoot<Source: NormalizerSource>(_ object: Source, metadata: SelectionSetMetadata, key: CacheKey) throws {
        let objects = object.objectCountIncludingNested(selections: metadata.selections)
        if objects >= Self.worthReserving { records.storage.reserveCapacity(objects) }
        try normalize(object, typename: object.typename(in: metadata.selections), metadata: metadata, key: key, isRoot: true)
    }

    /// `typename`: the object's `__typename`, read once by the caller (which keyed the object
    /// by it); without one, the object is of the type `metadata`'s selections are made on.
    /// `page`: the later page this object is the value of (D). `isRoot`: the operation's root,
    /// whose record holds no `__typename` the selections leave out.
    private mutating func normalize<Source: NormalizerSource>(
        _ object: Source, typename: String?, metadata: SelectionSetMetadata, key: CacheKey, page: Page? = nil, isRoot: Bool = false
    ) throws {
        // Looked up for the first field with arguments, which alone can be paginated.
        var objectType: ObjectType??
        // The object's fields are gathered apart and stored once: its nested objects are
        // stored meanwhile, and may even be itself, when reached again by key.
        let shape = SelectionShape(metadata)
        // Where the selections leave the object type's name out, the record holds it still,
        // first as where they hold it: selections on an interface or a union read it back.
        let impliedTypename = isRoot ? nil : metadata.impliedTypename
        let ownFields = metadata.selections.count + (impliedTypename == nil ? 0 : 1)
        let expectedFields = fieldCounts.isEmpty ? ownFields : fieldCounts[shape, default: ownFields]
        var fields = RecordFields(minimumCapacity: expectedFields)
        let distinct = metadata.fieldsAreDistinct
        if let impliedTypename { Self.store(.value(.string(impliedTypename)), at: "__typename", in: &fields, distinct: distinct) }
        try object.forEachField(of: metadata, typename: typename, variables: variables) { field, value in
            if !field.arguments.isEmpty {
                if objectType == nil { objectType = schema.objectType(typename: typename, selectionsOn: metadata.parentType) }
                if let paginated = objectType??.paginatedField(field.name) {
                    let fieldKey = CacheFieldKey.make(field, variables: variables, leavingOut: paginated.paginationArguments)
                    if tracksDependencies { dependencies.insert(CacheField(key: key, field: fieldKey)) }
                    Self.store(try normalizePage(value, of: field, paginated, key: fieldKey, parent: key), at: fieldKey, in: &fields, distinct: distinct)
                    return
                }
            }
            let fieldKey = fieldKeys.key(field)
            if tracksDependencies { dependencies.insert(CacheField(key: key, field: fieldKey)) }
            var path = (parent: key, step: fieldKey)
            if let page, field.type.isList {
                // A list of a later page's connection: joins the stored list, its objects at
                // the page's own paths.
                pageMerges.note(page.merge, of: fieldKey, at: key)
                path.parent = page.path
            }
            // The type name, read once already to key the object: not decoded a second time.
            let stored = if field.isTypename, let typename { RecordValue.value(.string(typename)) } else {
                try normalize(value, of: field, parent: path.parent, step: path.step)
            }
            if let page, page.isConnection, field.name == "pageInfo", case .reference(let pageInfo) = stored {
                for name in page.otherDirectionPageInfo { pageMerges.note(.keepStored, of: name, at: pageInfo) }
            }
            Self.store(stored, at: fieldKey, in: &fields, distinct: distinct)
        }
        // Noted only when it grows beyond the hint this object was sized by (one lookup per
        // object, not two): a size hint, which a nested object of the same selections may have
        // raised meanwhile.
        if fields.count > expectedFields { fieldCounts[shape] = fields.count }
        // An object reached before (by its key, or by its path through two selections): its
        // fields join those stored, a later one replacing an earlier.
        records.insert(fields, at: key)
    }

    /// Adds a field to an object's `fields`; `distinct`: the object's selections write each field
    /// once, so it is appended without looking for an earlier write of it.
    private static func store(_ value: consuming RecordValue, at fieldKey: String, in fields: inout RecordFields, distinct: Bool) {
        if distinct {
            fields.append(newKey: fieldKey, value)
        } else {
            fields.updateValue(value, forKey: fieldKey)
        }
    }

    /// A later page of a paginated field being written (D).
    struct Page {
        /// How its lists join the stored ones.
        let merge: PageMerges.FieldMerge
        /// Where its objects without a key of their own are stored: the path of its full field key.
        let path: CacheKey
        let isConnection: Bool

        /// The `pageInfo` fields a page of this direction does not change.
        var otherDirectionPageInfo: [String] {
            merge == .prepend ? ["endCursor", "hasNextPage"] : ["startCursor", "hasPreviousPage"]
        }
    }

    /// A paginated field's value, stored under `key` (its field key without pagination
    /// arguments) in the record at `parent` (D).
    private mutating func normalizePage<Value: NormalizerSourceValue>(
        _ value: Value, of field: Selection.Field, _ paginated: PaginatedField, key: String, parent: CacheKey
    ) throws -> RecordValue {
        // First and last are page sizes: a page with no other pagination argument is a first page.
        var isFirstPage = true
        var isBackward = false
        for name in paginated.paginationArguments where name != "first" && name != "last" {
            guard let argument = field.arguments[name]?.resolved(with: variables), argument != .null else { continue }
            isFirstPage = false
            if name == "before" { isBackward = true }
        }
        guard !isFirstPage else { return try normalize(value, of: field, parent: parent, step: key) }
        let pageKey = fieldKeys.key(field)
        let page = Page(merge: isBackward ? .prepend : .append, path: Self.joined(parent, ".", pageKey), isConnection: paginated.isConnection)
        if field.type.isList {
            pageMerges.note(page.merge, of: key, at: parent)
            return try normalize(value, type: field.type, parent: parent, step: pageKey)
        }
        return try normalize(value, of: field, parent: parent, step: key, page: page)
    }

    /// `normalize(_:type:parent:step:page:)` with the field's type, read from its flat shape
    /// where it is a scalar or an object.
    private mutating func normalize<Value: NormalizerSourceValue>(
        _ value: Value, of field: Selection.Field, parent: CacheKey, step: String, page: Page? = nil
    ) throws -> RecordValue {
        switch field.shape {
        case .scalar: return value.isNull ? .value(.null) : .value(value.decodeJSON())
        case .object(let model, _): return value.isNull ? .value(.null) : try normalizeObject(value, model, parent: parent, step: step, page: page)
        case .other: return try normalize(value, type: field.type, parent: parent, step: step, page: page)
        }
    }

    /// `parent` and `step` make the path key of an object without a key of its own; the string
    /// is built only for such objects. `page`: the later page an object value is (D).
    private mutating func normalize<Value: NormalizerSourceValue>(
        _ value: Value, type: FieldType, parent: CacheKey, step: String, page: Page? = nil
    ) throws -> RecordValue {
        if value.isNull { return .value(.null) }
        switch type {
        case .nonNull(let inner):
            return try normalize(value, type: inner, parent: parent, step: step, page: page)
        case .list(let inner):
            let path = Self.joined(parent, ".", step)
            var elements: [RecordValue] = []
            for (index, element) in try value.decodeList().enumerated() {
                elements.append(try normalize(element, type: inner, parent: path, step: String(index)))
            }
            return .list(elements)
        case .scalar:
            return .value(value.decodeJSON())
        case .object(let selectionSet):
            return try normalizeObject(value, selectionSet, parent: parent, step: step, page: page)
        }
    }

    /// A non-null object value: stored in its record, to which the returned value refers.
    private mutating func normalizeObject<Value: NormalizerSourceValue>(
        _ value: Value, _ selectionSet: any SelectionSet.Type, parent: CacheKey, step: String, page: Page?
    ) throws -> RecordValue {
        let object = try value.decodeObject()
        // Borrowed from the model's table, which the local keeps alive: no copy to retain.
        let metadata = selectionSet.__metadata
        // An object of selections on an object type is of that type: its name is not read.
        let typename = metadata.impliedTypename ?? object.typename(in: metadata.selections)
        let key = cacheKey(object, typename: typename, metadata: metadata) ?? Self.joined(parent, ".", step)
        try normalize(object, typename: typename, metadata: metadata, key: key, page: page)
        return .reference(key)
    }

    /// The size from which sizing the table of records up front pays: `reserveCapacity` is not
    /// specialized, and for a few entries its generic call costs more than growing would.
    static let worthReserving = 8

    /// A
    private mutating func cacheKey<Source: NormalizerSource>(_ object: Source, typename: String?, metadata: SelectionSetMetadata) -> CacheKey? {
        guard let typename, let type = schema.objectType(forTypename: typename, selectionsOn: metadata.parentType, lastLookedUp: &lastLookedUpType) else {
            return nil
        }
        let selections = metadata.selections
        if let response = object.responseObject(metadata: metadata), let info = schema.cacheKeyInfo(for: type, object: response) {
            return Self.joined(info.uniqueKeyGroup ?? typename, ":", info.id)
        }
        let keyFields = type.keyFields
        // One key field (an `id`) is the common case: its value is the key, without a list to join.
        if keyFields.count == 1 {
            return object.withKeyFieldText(keyFields[0], in: selections) { Self.joined(typename, ":", $0) }
        }
        guard !keyFields.isEmpty else { return nil }
        var values: [String] = []
        for keyField in keyFields {
            guard let text = object.withKeyFieldText(keyField, in: selections, { String(decoding: $0, as: UTF8.self) }) else { return nil }
            values.append(text)
        }
        return Self.joined(typename, ":", values.joined(separator: "+"))
    }

    /// `first`, `separator` and `second` in one string, written once at its final size: a path
    /// key (`QUERY_ROOT.hero`) or a key of key fields (`Launch:92`). Appending them (`+`, or
    /// `append` after `reserveCapacity`) cost three times as much, 3 % of a write.
    private static func joined(_ first: String, _ separator: Unicode.Scalar, _ second: String) -> CacheKey {
        var second = second
        return second.withUTF8 { joined(first, separator, $0) }
    }

    /// `first`, `separator` and the UTF-8 text `tail` in one string.
    private static func joined(_ first: String, _ separator: Unicode.Scalar, _ tail: UnsafeBufferPointer<UInt8>) -> CacheKey {
        var first = first
        return first.withUTF8 { head in
            String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { buffer in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[..<head.count]).initialize(from: head)
                buffer[head.count] = UInt8(ascii: separator)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[(head.count + 1)..<(head.count + 1 + tail.count)]).initialize(from: tail)
                return head.count + 1 + tail.count
            }
        }
    }
}

extension FieldType {
    /// Whether values of the type are lists (a paginated field's pages join them).
    fileprivate var isList: Bool {
        if case .list = withoutNonNull { return true }
        return false
    }
}
