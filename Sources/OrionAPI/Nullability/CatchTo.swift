/// What decoding does with a GraphQL error in a field (`@catch(to:)` in the operation, or
/// `@catchByDefault(to:)` in the schema): an error in a field is an entry of the response's
/// `errors` whose `path` leads to the field's `null` (its own path, or a path below it when a
/// non-null field inside it failed).
public enum CatchTo: Sendable, Hashable {
    /// The field is a ``FieldResult``: `.failure` with the error.
    case result
    /// The field reads as `nil`.
    case null
    /// Decoding throws ``ResponseDecodingError`` with the field's path and the error, up to the
    /// nearest field around it that catches (to `result` or `null`), else out of the whole
    /// response's decoding.
    case `throw`
}
