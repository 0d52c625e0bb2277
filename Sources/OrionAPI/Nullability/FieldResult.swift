/// The value of a field selected with `@catch(to: RESULT)`: its data, or the GraphQL error the
/// server reported for it (or that reached it from a field inside it selected with
/// `@catch(to: THROW)`).
///
/// The error keeps its `path`, so a view can show which part of the data failed:
///
/// ```swift
/// switch user.name {
/// case .success(let name): Text(name)
/// case .failure(let error): Text("No name: \(error.message)")
/// }
/// ```
public enum FieldResult<Value> {
    /// The field's data (`nil` for a nullable field that is null without an error).
    case success(Value)
    /// The error in the field, as the response's `errors` has it (path and extensions).
    case failure(GraphQLError)

    /// The value, or `nil` when the field failed.
    public var value: Value? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The error, or `nil` when the field has a value.
    public var error: GraphQLError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The value, or the field's error thrown.
    public func get() throws(GraphQLError) -> Value {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }
}

extension FieldResult: Sendable where Value: Sendable {}
extension FieldResult: Equatable where Value: Equatable {}
extension FieldResult: Hashable where Value: Hashable {}

extension FieldResult: DataDictReadable where Value: DataDictReadable {
    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        if case .failure(let error) = value { return .failure(error) }
        return .success(Value._read(value))
    }
}

extension FieldResult: FieldTypeWrapper where Value: DataDictReadable {
    /// A result's field has the type of its value: decoding learns that it catches from the
    /// field's ``Selection/Field/catchTo``.
    static var wrappedFieldType: FieldType { FieldType(Value.self) }
}
