/// How generated Swift is shaped: what the configuration file or the command line set.
public struct CodegenOptions: Sendable, Hashable {
    /// How the output is laid out.
    public enum ModuleType: String, Sendable, Hashable, Codable, CaseIterable {
        /// A directory with its own Package.swift: a library product named after the namespace.
        case swiftPackage = "swift-package"
        /// A file tree to add to an existing target; schema types inside `enum Namespace`.
        case embedded
        /// One file, like the original Apollo `API.swift`.
        case singleFile = "single-file"
        /// One file per `.graphql` file, named after it (`Hero.graphql` → `Hero.graphql.swift`),
        /// and `<Namespace>Schema.swift` for the schema types: the build plugin's layout, so that
        /// a build after editing one operation file recompiles that file's Swift alone.
        case perSourceFile = "per-source-file"

        /// Whether every file is regenerated whole, so that the user cannot own one
        /// (`SchemaConfiguration` is written as its default).
        var regeneratesEverything: Bool { self == .singleFile || self == .perSourceFile }
    }

    /// The schema namespace: the module name of a package, or the enum that holds schema types.
    public var namespace: String
    public var moduleType: ModuleType
    /// Custom scalar name → Swift type (`Long` → `Int64`); unmapped ones become `String`.
    public var scalarTypes: [String: String]
    /// `public` or `internal`.
    public var accessLevel: String
    /// Where the Orion package is for a generated Package.swift (`nil`: its URL).
    public var orionPath: String?
    /// Test mocks, generated as a package of their own (`nil`: none).
    public var testMocks: TestMocks?
    /// Whether models conform to `Hashable` (the default, as Apollo's do) or only to
    /// `Equatable`, which makes the generated module's build cheaper (the Star Wars module's by
    /// about 8 % of its CPU time): each conformance to `Hashable` costs a model three witnesses
    /// to compile. Models that are only `Equatable` cannot be put in a `Set` or listed with
    /// `ForEach(_:id: \.self)`.
    public var hashableModels: Bool

    /// The package of test mocks: `testMocks` in orion.json, `--mocks-output` on the command line.
    public struct TestMocks: Sendable, Hashable {
        /// The mocks' module and library: by default the namespace and `Mocks`.
        public var moduleName: String
        /// Where the generated API package is, relative to the mocks package.
        public var apiPackagePath: String
        /// Where the Orion package is, relative to the mocks package (`nil`: its URL).
        public var orionPath: String?

        public init(moduleName: String, apiPackagePath: String, orionPath: String? = nil) {
            self.moduleName = moduleName
            self.apiPackagePath = apiPackagePath
            self.orionPath = orionPath
        }
    }

    public init(
        namespace: String, moduleType: ModuleType = .swiftPackage, scalarTypes: [String: String] = [:],
        accessLevel: String = "public", orionPath: String? = nil, testMocks: TestMocks? = nil, hashableModels: Bool = true
    ) {
        self.namespace = namespace
        self.moduleType = moduleType
        self.scalarTypes = scalarTypes
        self.accessLevel = accessLevel
        self.orionPath = orionPath
        self.testMocks = testMocks
        self.hashableModels = hashableModels
    }
}
