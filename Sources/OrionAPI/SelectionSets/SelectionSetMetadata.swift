/// What the runtime knows of a generated model: the schema type its selections are made on and
/// the selections themselves, in the order of the model's data.
///
/// One table per model, held in one `static let`, instead of a static property per fact: each
/// requirement a model satisfies costs it a function and a protocol witness to compile, and a
/// large app has thousands of models. A class, so that reading it (for every object decoded,
/// normalized or read from the cache) copies one reference, not each of its parts.
public final class SelectionSetMetadata: Sendable {
    /// The schema type the selections are made on.
    public let parentType: ParentType
    /// The selections, with arguments, nested models, type cases and fragments.
    public let selections: [Selection]
    /// Each selection's field, by position (`nil` for a type case or fragment), not retained:
    /// `selections` holds them. What decoding reads a field through, where binding it out of
    /// its `Selection` would retain and release it for every value decoded.
    @usableFromInline package let fields: [Unmanaged<Selection.Field>?]
    /// Whether the selections are fields alone, no two of one name: an object of them writes
    /// each of its record's fields once, so the cache appends them without looking for an
    /// earlier write of the same field.
    package let fieldsAreDistinct: Bool
    /// The position of the `__typename` the selections always include (not aliased, without
    /// @include/@skip), where ``SelectionSet/__typename`` reads it.
    package let typenameIndex: Int?
    /// The `__typename` of every object of the selections, when they are made on an object type
    /// and do not hold it: code generation leaves it out there, as the type's name is known. The
    /// cache stores it in the object's record and a model's JSON holds it, as they do where the
    /// selections hold it.
    package let impliedTypename: String?

    /// - Parameters:
    ///   - parentType: the object, interface or union type the selections are made on.
    ///   - selections: the model's selections, in the order of its data.
    public init(_ parentType: ParentType, _ selections: [Selection]) {
        self.parentType = parentType
        self.selections = selections
        fields = Self.unretainedFields(of: selections)
        let typenameIndex = selections.firstIndex { selection in
            guard case .field(let field) = selection else { return false }
            return field.isTypename && field.alias == nil && field.condition == nil
        }
        self.typenameIndex = typenameIndex
        impliedTypename = if typenameIndex == nil, case .object(let type) = parentType { type.typename } else { nil }
        fieldsAreDistinct = Self.fieldsAreDistinct(selections, besides: impliedTypename == nil ? [] : ["__typename"])
    }

    /// `besides`: the names of fields stored that the selections do not hold.
    private static func fieldsAreDistinct(_ selections: [Selection], besides: Set<String>) -> Bool {
        var names = besides
        for selection in selections {
            guard case .field(let field) = selection, names.insert(field.name).inserted else { return false }
        }
        return true
    }

    /// `fields` of `selections`, valid while they are.
    @usableFromInline
    static func unretainedFields(of selections: [Selection]) -> [Unmanaged<Selection.Field>?] {
        selections.map { selection in
            guard case .field(let field) = selection else { return nil }
            return Unmanaged.passUnretained(field)
        }
    }
}
