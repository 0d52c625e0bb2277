import Foundation

/// `orion.json`: what `orion generate` reads. Paths are relative to the file's directory.
///
/// ```json
/// {
///   "schema": ["graphql/schema.graphqls"],
///   "operations": ["Sources/**/*.graphql"],
///   "namespace": "RocketReserverAPI",
///   "output": { "path": "RocketReserverAPI", "moduleType": "swift-package" },
///   "scalars": { "Long": "Int64", "DateTime": "Date" },
///   "accessLevel": "public",
///   "operationManifest": "persisted-queries.json",
///   "testMocks": { "path": "RocketReserverAPIMocks", "moduleName": "RocketReserverAPIMocks" },
///   "hashableModels": true
/// }
/// ```
public struct Configuration: Codable, Sendable, Hashable {
    /// SDL files (merged) or one introspection `schema.json`.
    public var schema: [String]
    /// Globs of `.graphql` files; `**` matches any number of folders.
    public var operations: [String]
    /// The module (swift-package) or enum (embedded, single-file, per-source-file) of the schema types.
    public var namespace: String
    public var output: Output
    /// Custom scalar → Swift type.
    public var scalars: [String: String]?
    /// `public` (default) or `internal`.
    public var accessLevel: String?
    /// A local path to the Orion package for a generated Package.swift (default: its URL).
    public var orionPath: String?
    /// Where to write the persisted-query manifest of the operations (Apollo's
    /// `apollo-persisted-query-manifest` format), for a server to safelist; nil for none.
    public var operationManifest: String?

    /// Test mocks for the operations' types, as a package of their own (none when absent).
    public var testMocks: TestMocks?
    /// `false`: models are `Equatable`, not `Hashable`, and the generated module compiles
    /// faster (``CodegenOptions/hashableModels``). Default `true`.
    public var hashableModels: Bool?

    /// The keys of orion.json: every other key is an error (see `unknownKeys(in:)`).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, operations, namespace, output, scalars, accessLevel, orionPath, operationManifest, testMocks, hashableModels
    }

    /// Where and as what module test mocks are written: `testMocks` in orion.json.
    public struct TestMocks: Codable, Sendable, Hashable {
        /// The directory of the mocks' package.
        public var path: String
        /// The mocks' module (default: the namespace and `Mocks`).
        public var moduleName: String?

        /// The keys of `testMocks`.
        enum CodingKeys: String, CodingKey, CaseIterable {
            case path, moduleName
        }

        public init(path: String, moduleName: String? = nil) {
            self.path = path
            self.moduleName = moduleName
        }
    }

    /// Where and how the generated code is written: `output` in orion.json.
    public struct Output: Codable, Sendable, Hashable {
        /// The directory to write (for `single-file`, the directory of `API.swift`).
        public var path: String
        /// `swift-package` (the default), `embedded`, `single-file` or `per-source-file`.
        public var moduleType: CodegenOptions.ModuleType?

        /// The keys of `output`.
        enum CodingKeys: String, CodingKey, CaseIterable {
            case path, moduleType
        }

        public init(path: String, moduleType: CodegenOptions.ModuleType? = nil) {
            self.path = path
            self.moduleType = moduleType
        }
    }

    public init(
        schema: [String], operations: [String], namespace: String, output: Output, scalars: [String: String]? = nil,
        accessLevel: String? = nil, orionPath: String? = nil, operationManifest: String? = nil, testMocks: TestMocks? = nil,
        hashableModels: Bool? = nil
    ) {
        self.schema = schema
        self.operations = operations
        self.namespace = namespace
        self.output = output
        self.scalars = scalars
        self.accessLevel = accessLevel
        self.orionPath = orionPath
        self.operationManifest = operationManifest
        self.testMocks = testMocks
        self.hashableModels = hashableModels
    }

    /// The options code generation renders with (without test mocks, whose paths need the
    /// configuration's directory: ``options(relativeTo:)``).
    public var options: CodegenOptions {
        CodegenOptions(
            namespace: namespace, moduleType: output.moduleType ?? .swiftPackage, scalarTypes: scalars ?? [:],
            accessLevel: accessLevel ?? "public", orionPath: orionPath, hashableModels: hashableModels ?? true)
    }

    /// The options code generation renders with, test mocks included; `base` is the directory
    /// the configuration's paths are relative to.
    public func options(relativeTo base: URL) -> CodegenOptions {
        var options = options
        if let testMocks {
            let output = URL(fileURLWithPath: output.path, isDirectory: true, relativeTo: base).standardizedFileURL
            let mocks = URL(fileURLWithPath: testMocks.path, isDirectory: true, relativeTo: base).standardizedFileURL
            options.testMocks = CodegenOptions.TestMocks(
                moduleName: testMocks.moduleName ?? namespace + "Mocks", apiPackagePath: RelativePath.from(mocks, to: output),
                orionPath: orionPath.map { RelativePath.from(mocks, to: URL(fileURLWithPath: $0, relativeTo: output).standardizedFileURL) })
        }
        return options
    }

    /// The directory of the test mocks' package, when there is one.
    public func testMocksDirectory(relativeTo base: URL) -> URL? {
        testMocks.map { URL(fileURLWithPath: $0.path, relativeTo: base).standardizedFileURL }
    }

    /// Problems with the values themselves, each a sentence that says what to do.
    public func problems() -> [String] {
        var problems: [String] = []
        if schema.isEmpty { problems.append("\"schema\" is empty: list the schema's .graphqls files or its schema.json.") }
        if operations.isEmpty { problems.append("\"operations\" is empty: add a glob such as \"**/*.graphql\".") }
        if !Self.isSwiftIdentifier(namespace) {
            problems.append("\"namespace\" \"\(namespace)\" is not a Swift identifier: use letters, digits and _ (e.g. \"MyAPI\").")
        }
        if let accessLevel, accessLevel != "public", accessLevel != "internal" {
            problems.append("\"accessLevel\" must be \"public\" or \"internal\", not \"\(accessLevel)\".")
        }
        if let operationManifest, operationManifest.isEmpty {
            problems.append("\"operationManifest\" is empty: give the manifest's path, e.g. \"persisted-queries.json\", or leave the key out.")
        }
        if let testMocks {
            let moduleName = testMocks.moduleName ?? namespace + "Mocks"
            if !Self.isSwiftIdentifier(moduleName) || moduleName == namespace {
                problems.append("\"testMocks.moduleName\" \"\(moduleName)\" must be a Swift identifier other than the namespace (e.g. \"\(namespace)Mocks\").")
            }
            if (output.moduleType ?? .swiftPackage) != .swiftPackage {
                problems.append("\"testMocks\" needs \"output.moduleType\" \"swift-package\": the mocks are a package that imports the API's module.")
            }
        }
        return problems
    }

    static func isSwiftIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }

    /// Reads `orion.json`.
    ///
    /// - Throws: `ConfigurationError` naming the file and what is wrong in it.
    public static func load(_ url: URL) throws(ConfigurationError) -> Configuration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigurationError("Cannot read \(url.path): \(error.localizedDescription). Run `orion init` to write a starter configuration.")
        }
        // Before decoding: a misspelled key would otherwise be ignored, or reported as the
        // required key it was meant to be, without the word that explains it.
        let unknownKeys = unknownKeys(in: data)
        guard unknownKeys.isEmpty else {
            throw ConfigurationError(unknownKeys.map { "\(url.path): \($0)" }.joined(separator: "\n"))
        }
        let configuration: Configuration
        do {
            configuration = try JSONDecoder().decode(Configuration.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw ConfigurationError("\(url.path): missing \"\(key.stringValue)\".")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ConfigurationError("\(url.path): \"\(path)\" has the wrong type: \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ConfigurationError("\(url.path): \(path.isEmpty ? "" : "\"\(path)\": ")\(context.underlyingError.map { "\($0.localizedDescription) " } ?? "")\(context.debugDescription)")
        } catch {
            throw ConfigurationError("\(url.path): \(error)")
        }
        let problems = configuration.problems()
        guard problems.isEmpty else { throw ConfigurationError(problems.map { "\(url.path): \($0)" }.joined(separator: "\n")) }
        return configuration
    }

    /// The configuration `orion init` writes.
    public static let starter = Configuration(
        schema: ["schema.graphqls"], operations: ["**/*.graphql"], namespace: "API",
        output: Output(path: "API", moduleType: .swiftPackage), scalars: [:], accessLevel: "public")

    /// The configuration as pretty JSON with sorted keys.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}

/// A configuration file that cannot be used.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
