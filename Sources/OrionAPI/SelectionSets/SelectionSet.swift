import Foundation

/// A generated struct whose data is a ``DataDict``: a model, or the `fragments` of one.
///
/// Conforming types are equal when their data is: they declare `Hashable` and get `==`, `hash(into:)`
/// and `hashValue` from here. The protocol does not refine `Hashable` itself, because a
/// conformance to a protocol that refines a standard-library protocol is built at run time, and
/// costs each generated model several functions of its own to compile; declaring `Hashable` on
/// the model costs it none of those. Generic code that needs both asks for
/// `some SelectionSet & Hashable`.
public protocol DataDictBacked: Sendable {
    /// The data, in the order of the selections.
    var __data: DataDict { get }
    /// A view of `data`, which must hold the values of this type's selections.
    init(_dataDict data: DataDict)
}

extension DataDictBacked {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.__data == rhs.__data }
    public func hash(into hasher: inout Hasher) { hasher.combine(__data) }
    // Given here so that the compiler does not synthesize one per model.
    public var hashValue: Int { __data.hashValue }
}

/// A generated model of a selection set: the data an operation, fragment, field or type case
/// selects.
///
/// The static `__metadata` describes the model to the runtime: decoding a response and
/// writing it back as JSON follow its selections, as do normalizing into the cache and reading
/// from it. Each property reads its value from the model's ``DataDict`` by position.
public protocol SelectionSet: DataDictBacked, DataDictReadable {
    /// The model's parent type and selections: generated as one `static let`.
    static var __metadata: SelectionSetMetadata { get }
}

extension SelectionSet {
    /// The schema type the selections are made on.
    @inlinable
    public static var __parentType: ParentType { __metadata.parentType }

    /// The selections, with arguments, nested models, type cases and fragments.
    @inlinable
    public static var __selections: [Selection] { __metadata.selections }

    /// Reads the model from a response object.
    ///
    /// - Parameters:
    ///   - object: the response object to decode.
    ///   - variables: the variables the operation was executed with, defaults filled in
    ///     (`operation.variablesWithDefaults`), which decide @include/@skip: an excluded selection
    ///     reads as `nil` and is left out of ``jsonObject``, an included one must be in the
    ///     response. `nil` (the default) when they are not known: the response decides, and a
    ///     conditional selection it lacks is excluded.
    /// - Throws: ``ResponseDecodingError`` naming the path of the first mismatch.
    public init(responseObject object: ResponseObject, variables: [String: JSONValue]? = nil) throws {
        self.init(_dataDict: try DataDict(decoding: object, metadata: Self.__metadata, variables: variables))
    }

    /// Reads the model from a response value, which must be an object; `variables` as in
    /// ``init(responseObject:variables:)``.
    public init(responseValue value: ResponseValue, variables: [String: JSONValue]? = nil) throws {
        try self.init(responseObject: value.decodeObject(), variables: variables)
    }

    @inlinable
    public static func _read(_ value: DataDict.Value) -> Self {
        guard case .object(let data) = value else { DataDict.mismatch(value, expected: "\(Self.self)") }
        return Self(_dataDict: data)
    }

    /// Builds the model from JSON as `JSONSerialization` parses it (fixtures, tests, migrated
    /// models).
    ///
    /// With the operation's variables, JSON written by ``jsonObject`` reads back to an equal
    /// model, a field that @include included and that is `null` as well as one it excluded:
    ///
    /// ```swift
    /// let data = try HeroQuery.Data(jsonObject: json, variables: query.variablesWithDefaults)
    /// ```
    ///
    /// - Parameters:
    ///   - jsonObject: the model's data as `JSONSerialization` reads it.
    ///   - variables: as in ``init(responseObject:variables:)``; without them, a
    ///     conditional field present in the JSON is included and one absent is excluded.
    /// - Throws: ``ResponseDecodingError`` naming the path of the first mismatch, or of a field
    ///   the variables include and the JSON lacks.
    public init(jsonObject: [String: Any], variables: [String: JSONValue]? = nil) throws {
        guard JSONSerialization.isValidJSONObject(jsonObject) else {
            throw ResponseDecodingError(expected: "a JSON object", found: "values JSONSerialization cannot write")
        }
        try self.init(jsonData: JSONSerialization.data(withJSONObject: jsonObject), variables: variables)
    }

    /// Builds the model from the JSON text of its object; `variables` as in
    /// ``init(jsonObject:variables:)``.
    ///
    /// - Throws: `JSONParseError` for text that is not JSON, ``ResponseDecodingError`` naming the
    ///   path of the first mismatch.
    public init(jsonData: Data, variables: [String: JSONValue]? = nil) throws {
        try self.init(responseObject: ResponseObject(jsonData: jsonData), variables: variables)
    }

    /// The model's data as `JSONSerialization` would have parsed it, type cases and fragments
    /// included: a field that @include/@skip excluded is absent, one included and `null` is
    /// `null`.
    public var jsonObject: [String: Any] {
        __data.jsonObject(metadata: Self.__metadata, impliedTypename: !(Self.self is any RootSelectionSet.Type))
    }

    /// The type name of the object the model's data is of (`__typename`).
    ///
    /// Every model has it, as every Apollo model does: code generation adds `__typename` to the
    /// selections of each object of an interface or union, whose data holds it as the server sent
    /// it. A model on an object type (an operation's root data too) does not store it: it is the
    /// name of that type. One implementation here, not a property in each generated model (a
    /// function each for the compiler to build). Empty only for data built in code without a
    /// `__typename`, of an interface or a union.
    public var __typename: String {
        __data.typename(Self.__metadata) ?? ""
    }

    /// The named fragments the model spreads, each a property of ``Fragments`` that generated
    /// code declares in an extension for this model: `hero.fragments.heroDetails`.
    public var fragments: Fragments { Fragments(_dataDict: __data) }

    /// The type of ``fragments``.
    public typealias Fragments = OrionAPI.Fragments<Self>
}

extension ResponseObject {
    /// Decodes the model under `key`; errors carry the key in their path.
    public func field<T: SelectionSet>(_ key: String, as type: T.Type = T.self) throws -> T {
        do {
            guard let value = value(forKey: key) else {
                throw ResponseDecodingError(expected: "\(T.self)", found: ResponseDecodingError.missing)
            }
            return try T(responseValue: value)
        } catch let error as ResponseDecodingError {
            throw error.prefixed(by: .key(key))
        }
    }
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

/// The `fragments` of a model: the same data seen as each named fragment it spreads. Generated
/// code gives it a property per fragment in an extension constrained to the model.
public struct Fragments<Model: SelectionSet>: DataDictBacked, Hashable {
    public let __data: DataDict

    public init(_dataDict data: DataDict) {
        __data = data
    }
}

/// Merges the JSON of a model's type cases and fragments into its own: objects key by key, so
/// that a field selected with different sub-selections keeps all of them.
func mergeJSONObject(_ base: inout [String: Any], _ other: [String: Any]) {
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
