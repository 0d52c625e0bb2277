/// An object that ``DataDict`` decoding reads a selection set's fields from: a response object
/// (``ResponseObject``), or a cache record read in place. One decoding path, generic over where
/// the fields come from, so that a model read from the cache is checked, and built, as one read
/// from a response is.
///
/// A type case or fragment of the object decodes from the same object with its own selections.
@usableFromInline
package protocol DataDictSource {
    associatedtype Value: DataDictSourceValue where Value.Object == Self

    /// The value of `field` in the object, or `nil` when the object lacks it (a response the
    /// server left it out of). A source that cannot do without a field throws instead (the
    /// cache, for which a missing field is a miss).
    func value(for field: Selection.Field) throws -> Value?

    /// ``value(for:)`` for the fields of one selection set in their order: `hint` starts new
    /// and is kept between the calls, so that a source whose fields come in the selections'
    /// order (a response) can look from where the last one was found.
    func value(for field: Selection.Field, hint: inout KeySearchHint) throws -> Value?

    /// The object's `__typename`, when it has one: what a type case's condition is checked
    /// against.
    func typename() -> String?

    /// Whether `error`, thrown by decoding from this source, means that a field is absent (and
    /// not that one is of another type): what leaves a deferred fragment pending.
    static func isAbsence(_ error: any Error) -> Bool
}

extension DataDictSource {
    @inlinable
    package func value(for field: Selection.Field, hint: inout KeySearchHint) throws -> Value? {
        try value(for: field)
    }

    @inlinable
    package static func isAbsence(_ error: any Error) -> Bool {
        (error as? ResponseDecodingError)?.isMissingField == true
    }
}

/// A value of a ``DataDictSource`` object: each `decode…` method throws
/// ``ResponseDecodingError`` (with an empty path, which decoding extends) when the value is of
/// another kind.
@usableFromInline
package protocol DataDictSourceValue {
    associatedtype Object: DataDictSource where Object.Value == Self
    associatedtype List: Collection where List.Element == Self

    /// Whether the value is null.
    var isNull: Bool { get }
    func decodeObject() throws -> Object
    func decodeList() throws -> List
    /// A non-null scalar, enum or custom scalar, read as `type` reads it.
    func decodeScalar(_ type: any ScalarType.Type) throws -> DataDict.Value
    /// The GraphQL error of the response at this null: read only by fields that catch errors,
    /// only when they meet a null. The cache's records have none.
    var graphQLError: GraphQLError? { get }
}
