import Foundation
import GraphQLLanguage

/// A persisted-query manifest: every operation's id, name, type and body, in the format Apollo's
/// tools read and write (`"format": "apollo-persisted-query-manifest"`, version 1: Apollo iOS's
/// `operationManifest` with version `persistedQueries`, Apollo Kotlin's `persistedQueryManifest`,
/// `@apollo/generate-persisted-query-manifest`, and the Apollo router's `local_manifests`).
///
/// The id of an operation is the SHA-256 of its body, and both are exactly what generated code
/// holds (`operationDocument.identifier` and `.text`): what the client sends is what a server
/// that loads the manifest knows.
public struct OperationManifest: Sendable, Hashable {
    /// The value of `format`.
    public static let format = "apollo-persisted-query-manifest"
    /// The value of `version`.
    public static let version = 1

    /// One operation of the manifest.
    public struct Operation: Sendable, Hashable {
        /// The SHA-256 of `body`, 64 lowercase hexadecimal digits.
        public var id: String
        /// The operation's name.
        public var name: String
        /// `query`, `mutation` or `subscription`.
        public var type: String
        /// The document the client sends: the operation and the fragments it uses.
        public var body: String
        /// Where the operation is defined, when it comes from source files (not encoded).
        public var location: Location?

        /// An operation of a manifest; `location` only when it was read from a source file.
        public init(id: String, name: String, type: String, body: String, location: Location? = nil) {
            self.id = id
            self.name = name
            self.type = type
            self.body = body
            self.location = location
        }

        // The location says where an operation was read, not what it is.
        public static func == (lhs: Operation, rhs: Operation) -> Bool {
            lhs.id == rhs.id && lhs.name == rhs.name && lhs.type == rhs.type && lhs.body == rhs.body
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(name)
        }
    }

    /// The operations, sorted by name (then id), so the file is the same for the same operations
    /// however the source files are laid out.
    public private(set) var operations: [Operation]

    /// A manifest of `operations`, in any order.
    public init(operations: [Operation]) {
        self.operations = operations.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
    }

    /// The manifest as JSON: two-space indentation, keys in Apollo's order, a final newline.
    /// Written by hand rather than with `JSONEncoder`, whose pretty-printing differs between
    /// platforms and versions: the same operations give the same bytes everywhere.
    public func encoded() -> Data {
        var text = "{\n"
        text += "  \"format\": \(JSONStringLiteral.quoted(Self.format, forHTML: false)),\n"
        text += "  \"version\": \(Self.version),\n"
        if operations.isEmpty {
            text += "  \"operations\": []\n"
        } else {
            text += "  \"operations\": [\n"
            for (index, operation) in operations.enumerated() {
                text += "    {\n"
                text += "      \"id\": \(JSONStringLiteral.quoted(operation.id, forHTML: false)),\n"
                text += "      \"name\": \(JSONStringLiteral.quoted(operation.name, forHTML: false)),\n"
                text += "      \"type\": \(JSONStringLiteral.quoted(operation.type, forHTML: false)),\n"
                text += "      \"body\": \(JSONStringLiteral.quoted(operation.body, forHTML: false))\n"
                text += index == operations.count - 1 ? "    }\n" : "    },\n"
            }
            text += "  ]\n"
        }
        text += "}\n"
        return Data(text.utf8)
    }

    /// Reads a manifest written by Orion or by any of Apollo's tools.
    ///
    /// - Throws: `OperationManifestError` saying what is wrong with the data.
    public static func decode(_ data: Data) throws(OperationManifestError) -> OperationManifest {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw OperationManifestError("it is not valid JSON (\(error.localizedDescription))")
        }
        guard let fields = object as? [String: Any] else { throw OperationManifestError("it is not a JSON object") }
        guard let format = fields["format"] as? String, format == Self.format else {
            throw OperationManifestError("\"format\" must be \"\(Self.format)\"")
        }
        guard let version = fields["version"] as? Int, version == Self.version else {
            throw OperationManifestError("\"version\" must be \(Self.version)")
        }
        guard let entries = fields["operations"] as? [Any] else { throw OperationManifestError("\"operations\" must be an array") }
        var operations: [Operation] = []
        for (index, entry) in entries.enumerated() {
            guard let entry = entry as? [String: Any] else { throw OperationManifestError("operations[\(index)] is not an object") }
            func string(_ key: String) throws(OperationManifestError) -> String {
                guard let value = entry[key] as? String else {
                    throw OperationManifestError("operations[\(index)] has no \"\(key)\" string")
                }
                return value
            }
            operations.append(Operation(id: try string("id"), name: try string("name"), type: try string("type"), body: try string("body")))
        }
        return OperationManifest(operations: operations)
    }
}

/// A manifest file that cannot be read: `description` says what is wrong with it.
public struct OperationManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
