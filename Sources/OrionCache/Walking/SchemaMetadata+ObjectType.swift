import OrionAPI

extension SchemaMetadata {
    /// The object type whose paginated fields an object's fields are written and read by: its
    /// `__typename`'s, else the type of the selections when that is an object type (a root,
    /// which has no `__typename`).
    static func objectType(typename: String?, selectionsOn parentType: ParentType?) -> ObjectType? {
        guard let typename else {
            if case .object(let type)? = parentType { return type }
            return nil
        }
        if let type = objectType(forTypename: typename, selectionsOn: parentType) { return type }
        if case .object(let type)? = parentType { return type }
        return nil
    }

    /// The object type named `typename`, which selections on `parentType` were read from: the
    /// selections' own type when it is that object type (nearly every object a response holds),
    /// without looking the name up in the schema's table, a string hashed per object (3.5 % of
    /// normalizing 10,000 launches).
    static func objectType(forTypename typename: String, selectionsOn parentType: ParentType?) -> ObjectType? {
        var lastLookedUp: ObjectType?
        return objectType(forTypename: typename, selectionsOn: parentType, lastLookedUp: &lastLookedUp)
    }

    /// The same, and `lastLookedUp` (the type the last lookup by name found) when it is named
    /// `typename`: the objects of an interface or union field are nearly all of one type (a
    /// comment's author, a `User`), and each lookup hashed the name, 1.5 % of writing a GitHub
    /// response to the cache.
    static func objectType(forTypename typename: String, selectionsOn parentType: ParentType?, lastLookedUp: inout ObjectType?) -> ObjectType? {
        if case .object(let type)? = parentType, type.typename == typename { return type }
        if let last = lastLookedUp, last.typename == typename { return last }
        guard let type = objectType(forTypename: typename) else { return nil }
        lastLookedUp = type
        return type
    }
}
