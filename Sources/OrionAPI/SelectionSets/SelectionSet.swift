import Foundation

/// A generated model of a selection set: the data an operation, fragment, field or type case
/// selects, as a struct of stored properties.
///
/// Models decode from a ``ResponseObject`` (an index of the response bytes) and write themselves back as JSON; the static
/// ``__selections`` describe them to the runtime (for normalizing into the cache).
public protocol SelectionSet: ResponseDecodable, JSONObjectConvertible, Sendable, Hashable {
    /// The schema type the selections are made on.
    static var __parentType: ParentType { get }
    /// The selections, with arguments, nested models, type cases and fragments.
    static var __selections: [Selection] { get }

    /// Reads the model from a response object.
    init(responseObject object: ResponseObject) throws

    /// The model's data as `JSONSerialization` would have parsed it, type cases and fragments
    /// included.
    var jsonObject: [String: Any] { get }
}

extension SelectionSet {
    public init(responseValue value: ResponseValue) throws {
        try self.init(responseObject: value.decodeObject())
    }

    /// Builds the model from JSON as `JSONSerialization` parses it (fixtures, tests, migrated
    /// models).
    ///
    /// - Throws: ``ResponseDecodingError`` naming the path of the first mismatch.
    public init(jsonObject: [String: Any]) throws {
        guard JSONSerialization.isValidJSONObject(jsonObject) else {
            throw ResponseDecodingError(expected: "a JSON object", found: "values JSONSerialization cannot write")
        }
        try self.init(jsonData: JSONSerialization.data(withJSONObject: jsonObject))
    }

    /// Builds the model from the JSON text of its object.
    ///
    /// - Throws: `JSONParseError` for text that is not JSON, ``ResponseDecodingError`` naming the
    ///   path of the first mismatch.
    public init(jsonData: Data) throws {
        try self.init(responseObject: ResponseObject(jsonData: jsonData))
    }

    public var jsonObjectValue: Any { jsonObject }
}

/// The `Data` of an operation.
public protocol RootSelectionSet: SelectionSet {}

/// A named fragment.
public protocol Fragment: SelectionSet {
    /// The fragment's definition, as sent inside the documents that use it.
    static var fragmentDefinition: String { get }
    /// The schema's metadata, for reading and writing the fragment in the cache.
    static var __schema: any SchemaMetadata.Type { get }
}

/// A type case (`asHuman`) or conditionally included inline fragment.
public protocol InlineFragment: SelectionSet {}

/// Merges the JSON of a model's type cases and fragments into its own: objects key by key, so
/// that a field selected with different sub-selections keeps all of them.
public func mergeJSONObject(_ base: inout [String: Any], _ other: [String: Any]) {
    for (key, value) in other {
        if var existing = base[key] as? [String: Any], let nested = value as? [String: Any] {
            mergeJSONObject(&existing, nested)
            base[key] = existing
        } else if let existing = base[key] as? [Any], let nested = value as? [Any], existing.count == nested.count {
            base[key] = zip(existing, nested).map { pair -> Any in
                guard var left = pair.0 as? [String: Any], let right = pair.1 as? [String: Any] else { return pair.1 }
                mergeJSONObject(&left, right)
                return left
            }
        } else {
            base[key] = value
        }
    }
}
