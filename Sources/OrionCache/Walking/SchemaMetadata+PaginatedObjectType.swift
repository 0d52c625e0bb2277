import OrionAPI

extension SchemaMetadata {
    /// The object type whose paginated fields an object's fields are written and read by: its
    /// `__typename`'s, else the type of `model`'s selections when that is an object type (a
    /// root, which has no `__typename`).
    static func objectType(typename: String?, model: (any SelectionSet.Type)?) -> ObjectType? {
        if let typename, let type = objectType(forTypename: typename) { return type }
        if case .object(let type)? = model?.__metadata.parentType { return type }
        return nil
    }
}
