import Foundation
import OrionAPI

/// The cache's records as the source that generated models decode from: the decoding that
/// checks and builds a model from a response reads the records in place, with values as typed
/// as the records keep them (a number stays the number it is, never printed and parsed again).
///
/// A field is found by its field key (name and arguments, `CacheFieldKey`), not its response
/// key, and a reference is followed to its record; a paginated field's key leaves out its
/// pagination arguments, as the ``Normalizer`` wrote it, so a read of any page's query reads
/// the pages merged so far. A record or field the cache lacks, or holds
/// only stale, makes the whole read a miss: a partial hit is a miss.
///
/// A class, so that the objects and values of one read share its variables and the fields it
/// notes; it lives for one read, on one thread. Its objects and values hold it unowned: they are
/// made and dropped within its `read`, which holds it, and a retain and release for each value
/// read is work that no read needs.
final class RecordSource {
    /// Where records come from: the cache, or the cache with a transaction's pending writes.
    let loadRecord: (CacheKey) throws -> Record?
    /// The schema whose object types say which fields are paginated.
    let schema: any SchemaMetadata.Type
    /// The operation's variables, defaults filled in (`variablesWithDefaults`): for field keys
    /// and @include/@skip.
    let variables: [String: JSONValue]
    /// Whether to note every field read, for a watcher.
    let tracksDependencies: Bool
    /// Fields that expire at or before this are stale.
    let now: Date
    /// Every record field read, when tracked: what a watcher depends on.
    private(set) var dependencies: [CacheField] = []
    private var fieldKeys: CacheFieldKeys

    init(
        loadRecord: @escaping (CacheKey) throws -> Record?, schema: any SchemaMetadata.Type, variables: [String: JSONValue], now: Date,
        tracksDependencies: Bool
    ) {
        self.loadRecord = loadRecord
        self.schema = schema
        self.variables = variables
        self.now = now
        self.tracksDependencies = tracksDependencies
        fieldKeys = CacheFieldKeys(variables: variables)
    }

    /// The key of `field` in its record (not paginated).
    func fieldKey(_ field: Selection.Field) -> String {
        fieldKeys.key(field)
    }

    /// `Model`'s data at the record `key`.
    ///
    /// - Throws: ``CacheMissError`` for a record or field the cache lacks or holds stale,
    ///   `ResponseDecodingError` for a value of another type than the model's.
    func read<Model: SelectionSet>(_ model: Model.Type, at key: CacheKey) throws -> Model {
        // With the variables, what @include/@skip leaves out is excluded and not read.
        Model(_dataDict: try DataDict(from: object(at: key, model: Model.self), metadata: Model.__metadata, variables: variables))
    }

    /// `model`: the model read at the root, whose type is the record's if it has no `__typename`.
    func object(at key: CacheKey, model: (any SelectionSet.Type)? = nil) throws -> RecordSource.Object {
        guard let record = try loadRecord(key) else { throw CacheMissError(key: key, field: nil) }
        return Object(key: key, record: record, source: self, model: model)
    }

    func note(_ field: CacheField) {
        dependencies.append(field)
    }

    /// A record, read as an object of a response.
    struct Object: DataDictSource {
        let key: CacheKey
        let record: Record
        unowned(unsafe) let source: RecordSource
        let model: (any SelectionSet.Type)?

        func value(for field: Selection.Field) throws -> RecordSource.Value? {
            // A field without arguments is keyed by its name (read here, without a call to the
            // source's table of keys, which checks its exclusive access); only one with
            // arguments can be paginated.
            let fieldKey = field.arguments.isEmpty ? field.name : keyOfField(withArguments: field)
            if source.tracksDependencies { source.note(CacheField(key: key, field: fieldKey)) }
            guard let value = record.fields[fieldKey] else { throw CacheMissError(key: key, field: fieldKey) }
            if !record.expirations.isEmpty, let expiry = record.expirations[fieldKey], expiry <= source.now {
                throw CacheMissError(key: key, field: fieldKey, staleSince: expiry)
            }
            return RecordSource.Value(value: value, source: source)
        }

        private func keyOfField(withArguments field: Selection.Field) -> String {
            if let paginated = source.schema.objectType(typename: record.typename, selectionsOn: model?.__metadata.parentType)?.paginatedField(field.name) {
                return CacheFieldKey.make(field, variables: source.variables, leavingOut: paginated.paginationArguments)
            }
            return source.fieldKey(field)
        }

        /// A record or field the cache lacks leaves a deferred fragment pending; a stale one is
        /// still a miss, so that the policy fetches it again.
        static func isAbsence(_ error: any Error) -> Bool {
            if let miss = error as? CacheMissError { return miss.staleSince == nil }
            return (error as? ResponseDecodingError)?.isMissingField == true
        }

        func typename() -> String? {
            // Which type cases apply depends on it, whether or not it is selected.
            if source.tracksDependencies { source.note(CacheField(key: key, field: "__typename")) }
            return record.typename
        }
    }

    /// A field's value in a record.
    struct Value: DataDictSourceValue {
        let value: RecordValue
        unowned(unsafe) let source: RecordSource

        var isNull: Bool {
            if case .value(.null) = value { return true }
            return false
        }

        /// A record keeps no errors: the cache stores the null of a field that failed, so a
        /// field that promises a value and holds null reads as if it failed (see
        /// `DataDict.decode(_:catching:in:variables:)`).
        var graphQLError: GraphQLError? { nil }

        func decodeObject() throws -> RecordSource.Object {
            switch value {
            case .reference(let key): return try source.object(at: key)
            case .value(let json): throw json.mismatch("an object")
            case .list: throw ResponseDecodingError(expected: "an object", found: "a list")
            }
        }

        func decodeList() throws -> LazyMapCollection<[RecordValue], RecordSource.Value> {
            let source = self.source
            switch value {
            case .list(let elements): return elements.lazy.map { RecordSource.Value(value: $0, source: source) }
            // A list of scalars written as one JSON value (by `updateRecord`, say).
            case .value(.list(let elements)): return elements.map(RecordValue.value).lazy.map { RecordSource.Value(value: $0, source: source) }
            case .value(let json): throw json.mismatch("a list")
            case .reference: throw ResponseDecodingError(expected: "a list", found: "an object")
            }
        }

        func decodeScalar(_ type: any ScalarType.Type) throws -> DataDict.Value {
            switch value {
            case .value(let json): return try type.decodeDataDictValue(json)
            case .reference: throw ResponseDecodingError(expected: "\(type)", found: "an object")
            case .list: throw ResponseDecodingError(expected: "\(type)", found: "a list")
            }
        }
    }
}
