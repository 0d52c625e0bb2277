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

    public init(
        namespace: String, moduleType: ModuleType = .swiftPackage, scalarTypes: [String: String] = [:],
        accessLevel: String = "public", orionPath: String? = nil
    ) {
        self.namespace = namespace
        self.moduleType = moduleType
        self.scalarTypes = scalarTypes
        self.accessLevel = accessLevel
        self.orionPath = orionPath
    }
}
