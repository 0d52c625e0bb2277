/// The data of a generated model: the values of its selections, in the order of its
/// `__selections`.
///
/// A model, and each view of it (`asHuman`, `fragments.heroDetails`), is a struct holding only
/// its `DataDict`: one reference, so that models copy cheaply and their generated code stays
/// small (a model of one reference shares the value witnesses of any reference, where a wider
/// one gets functions of its own). A property reads its value by position, without a lookup or
/// a cast. Equality and hashing compare the data, so two models are equal when they hold the
/// same response data.
public struct DataDict: @unchecked Sendable, Hashable {
    /// One value per selection: a field's value, or the data of a type case or fragment (`null`
    /// when its type condition does not hold, ``Value/excluded`` when @include/@skip left it
    /// out). Set once, by the decoding that made it (see `DataDictStorage`).
    @usableFromInline let storage: DataDictStorage

    /// Data with room for `capacity` values, none set yet: the decoding appends them.
    @inlinable
    init(capacity: Int) {
        storage = DataDictStorage.make(capacity: capacity)
    }

    /// Sets the next value: only the decoding that made the data, before the data leaves it.
    @inlinable @inline(__always)
    func append(_ value: Value) {
        storage.withUnsafeMutablePointers { count, values in
            (values + count.pointee).initialize(to: value)
            count.pointee += 1
        }
    }

    /// The values, in the order of the selections.
    @inlinable
    package var values: Values { Values(data: self) }

    /// The value of the selection at `index`.
    @inlinable @inline(__always)
    func value(at index: Int) -> Value {
        storage.withUnsafeMutablePointers { count, values in
            precondition(index >= 0 && index < count.pointee, "A DataDict of \(count.pointee) values read at \(index): the model was built from the data of other selections")
            return values[index]
        }
    }

    /// The values of a `DataDict`, by position.
    @usableFromInline
    package struct Values: RandomAccessCollection {
        @usableFromInline let data: DataDict

        @inlinable
        init(data: DataDict) { self.data = data }

        @inlinable package var startIndex: Int { 0 }
        @inlinable package var endIndex: Int { data.storage.header }
        @inlinable package subscript(index: Int) -> Value { data.value(at: index) }
    }

    public static func == (lhs: DataDict, rhs: DataDict) -> Bool {
        lhs.storage === rhs.storage || lhs.values.elementsEqual(rhs.values)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(values.count)
        for value in values { hasher.combine(value) }
    }

    /// The `__typename` of the object the data is of, with `metadata`, its model's: where the
    /// selections hold it (code generation adds it to those on an interface or a union), else
    /// the name of the object type the selections are made on.
    package func typename(_ metadata: SelectionSetMetadata) -> String? {
        if let index = metadata.typenameIndex, case .string(let typename) = value(at: index) { return typename }
        if case .object(let type) = metadata.parentType { return type.typename }
        return nil
    }

    /// The value of the selection at `index`, as its property's type.
    @inlinable
    public subscript<T: DataDictReadable>(index: Int) -> T {
        T._read(value(at: index))
    }

    /// A value of a selection, checked against its type when the data was decoded.
    /// The data of the fragment at `index`: generated models read the fields that only a
    /// fragment selects through it, `__data.fragment(3)[1]`, since they are decoded there alone.
    @inlinable
    public func fragment(_ index: Int) -> DataDict {
        let value = value(at: index)
        guard case .object(let data) = value else { Self.mismatch(value, expected: "a fragment's data") }
        return data
    }

    public enum Value: Sendable, Hashable {
        case null
        /// A selection that @include/@skip left out: absent from the response, not `null` in it.
        /// Properties read it as `nil`, as they read ``null``; `jsonObject` leaves it out where
        /// it writes `null` for ``null``, so that JSON read and written back is the same JSON.
        ///
        /// A case of its own, not a flag beside the values, because it is the representation
        /// that costs nothing where costs are measured:
        /// - memory: cases without a payload share one spare value of the tag byte and are told
        ///   apart by the (otherwise unused) payload bytes, so a value stays 17 bytes;
        /// - the model: it still holds one reference, where a set of excluded positions beside
        ///   the values would have grown every `DataDict` and every copy of a model;
        /// - reading a property: ``null`` and ``excluded`` are the only cases without a payload,
        ///   so an optional property's test for either is the test for ``null`` it was (the tag
        ///   compared once, the payload once: `< 2` instead of `== 0` in the optimized code).
        ///
        /// A sentinel payload (an empty list, say) would have been ambiguous with real data.
        case excluded
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        /// A custom scalar, decoded to its Swift type; boxed, so that a value is 17 bytes, not 41.
        indirect case custom(any CustomScalarType)
        case object(DataDict)
        case list([Value])
        /// The error of a field selected with `@catch(to: RESULT)`, which its ``FieldResult``
        /// reads; boxed, as custom scalars are.
        indirect case failure(GraphQLError)

        public static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null), (.excluded, .excluded): return true
            case (.string(let left), .string(let right)): return left == right
            case (.int(let left), .int(let right)): return left == right
            case (.double(let left), .double(let right)): return left == right
            case (.bool(let left), .bool(let right)): return left == right
            case (.custom(let left), .custom(let right)): return AnyHashable(left) == AnyHashable(right)
            case (.object(let left), .object(let right)): return left == right
            case (.list(let left), .list(let right)): return left == right
            case (.failure(let left), .failure(let right)): return left == right
            default: return false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .null: hasher.combine(0)
            case .excluded: hasher.combine(1)
            case .string(let value): hasher.combine(value)
            case .int(let value): hasher.combine(value)
            case .double(let value): hasher.combine(value)
            case .bool(let value): hasher.combine(value)
            case .custom(let value): hasher.combine(AnyHashable(value))
            case .object(let value): hasher.combine(value)
            case .list(let value): hasher.combine(value)
            case .failure(let error): hasher.combine(error)
            }
        }
    }

    /// The end of a read that found a value of another kind than its property's type: only a
    /// model built from the `DataDict` of other selections gets here.
    @usableFromInline
    static func mismatch(_ value: Value, expected: String) -> Never {
        preconditionFailure("A DataDict holds \(value) where \(expected) was expected: the model was built from the data of other selections")
    }
}
