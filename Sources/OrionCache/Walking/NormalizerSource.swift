import OrionAPI

/// An object the ``Normalizer`` turns into a record: a response object as the server sent it,
/// or the data of a model (a `DataDict`, an optimistic update say) with its selections, read
/// in place rather than written out as JSON and parsed again.
///
/// Each requirement takes the selections of the object's model: a `DataDict` holds its values
/// by their position in them.
protocol NormalizerSource {
    associatedtype Value: NormalizerSourceValue where Value.Object == Self

    /// The object's `__typename`, if it has one.
    func typename(in selections: [Selection]) -> String?

    /// Calls `body` with each field that `metadata`'s selections include for an object of type `typename`
    /// (type cases and fragments that apply, @include/@skip evaluated with `variables`) and
    /// that the object holds, with its value.
    func forEachField(
        of metadata: SelectionSetMetadata, typename: String?, variables: [String: JSONValue],
        _ body: (Selection.Field, Value) throws -> Void
    ) rethrows

    /// Calls `body` with the UTF-8 text a cache key holds for a key field's value
    /// (`@typePolicy(keyFields:)`, by its response key; see `JSONValue.cacheKeyText`); `nil`
    /// without calling it when the object lacks the field or it is null.
    func withKeyFieldText<Result>(
        _ responseKey: String, in selections: [Selection], _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result?

    /// The object as the schema configuration's `cacheKeyInfo` hook reads it; `nil` when it
    /// cannot be had.
    func responseObject(metadata: SelectionSetMetadata) -> ResponseObject?

    /// A bound on the records the object normalizes into, for sizing their table once; 0 when
    /// not known cheaply.
    func objectCountIncludingNested(selections: [Selection]) -> Int
}

/// A value of a ``NormalizerSource`` object.
protocol NormalizerSourceValue {
    associatedtype Object: NormalizerSource where Object.Value == Self
    associatedtype List: Collection where List.Element == Self

    var isNull: Bool { get }
    func decodeObject() throws -> Object
    func decodeList() throws -> List
    /// A scalar, enum or custom scalar value as the JSON the cache stores.
    func decodeJSON() -> JSONValue
}
