/// An object in a response, from wherever it is read: JSON parsed by `JSONSerialization`, the
/// runtime's index of the response bytes, or a record of the normalized cache.
///
/// Generated selection sets decode themselves from any reader, so every source goes through
/// the same generated initializers.
public protocol ResponseObjectReader {
    associatedtype Value: ResponseValueReader

    /// The value under `key`, or `nil` when the object has no such key.
    func value(forKey key: String) -> Value?
}

/// A value in a response.
///
/// Each `decode…` method throws ``ResponseDecodingError`` (with an empty path, which callers
/// extend) when the value is of another kind.
public protocol ResponseValueReader {
    associatedtype Object: ResponseObjectReader where Object.Value == Self
    associatedtype Elements: Collection where Elements.Element == Self

    /// Whether the value is JSON `null`.
    var isNull: Bool { get }
    func decodeString() throws -> String
    func decodeInt() throws -> Int
    func decodeDouble() throws -> Double
    func decodeBool() throws -> Bool
    func decodeObject() throws -> Object
    func decodeList() throws -> Elements
    /// The value as JSON, for custom scalars.
    func decodeJSON() throws -> JSONValue
}

extension ResponseObjectReader {
    /// Decodes the field under `key`; errors carry the key in their path.
    @inlinable
    public func field<T: ResponseDecodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        do {
            guard let value = value(forKey: key) else { return try T.decodeMissing() }
            return try T(responseValue: value)
        } catch let error as ResponseDecodingError {
            throw error.prefixed(by: .key(key))
        }
    }

    /// Decodes a type case or fragment that the server may have left out (its type does not
    /// match, or an `@include`/`@skip` condition excluded it): `nil` when a field it selects
    /// is missing from this object.
    @inlinable
    public func conditional<T: SelectionSet>(_ type: T.Type) throws -> T? {
        do {
            return try T(responseObject: self)
        } catch let error as ResponseDecodingError where error.isMissingField {
            return nil
        }
    }

    /// Decodes a type case or fragment whose type condition the object's `__typename` must
    /// satisfy; `isConditional` when @include/@skip may also have left it out.
    @inlinable
    public func typeCase<T: SelectionSet>(
        _ type: T.Type, typename: String, schema: any SchemaMetadata.Type, isConditional: Bool = false
    ) throws -> T? {
        guard T.__parentType.isSatisfied(byTypename: typename, in: schema) else { return nil }
        return isConditional ? try conditional(T.self) : try T(responseObject: self)
    }
}
