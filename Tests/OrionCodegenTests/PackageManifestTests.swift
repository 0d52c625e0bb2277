import GraphQLLanguage
@testable import OrionCodegen
import OrionCompiler
import Testing

/// The manifests of generated packages depend on Orion without its traits: the generated code
/// needs none of its optional parts, and an app that wants one (WebSocketTLS, wss:// on Linux)
/// asks for it in its own dependency on Orion, which SwiftPM unites with theirs. With the
/// default traits, every package that links generated code would build BoringSSL on Linux.
@Suite struct PackageManifestTests {
    private static let sdl = "type Query { hero: Hero } type Hero { name: String }"
    private static let operations = "query Q { hero { name } }"

    private static func manifest(of files: [GeneratedFile]) throws -> String {
        try #require(files.first { $0.path == "Package.swift" }).contents
    }

    private static func expectedDependency(orionPath: String?) -> String {
        orionPath.map { #".package(name: "Orion", path: "\#($0)", traits: [])"# }
            ?? #".package(url: "https://github.com/orion-graphql/orion", from: "0.1.0", traits: [])"#
    }

    @Test(arguments: [nil, "../.."] as [String?])
    func theModulesManifestAsksForNoTraitOfOrion(orionPath: String?) throws {
        let options = CodegenOptions(namespace: "API", moduleType: .swiftPackage, orionPath: orionPath)
        let manifest = try Self.manifest(of: Generation.files(sdl: Self.sdl, operations: Self.operations, options: options))
        // Traits in a dependency need tools 6.1.
        #expect(manifest.hasPrefix("// swift-tools-version:6.1\n"))
        #expect(manifest.contains(Self.expectedDependency(orionPath: orionPath)), "\(manifest)")
    }

    @Test(arguments: [nil, "../.."] as [String?])
    func theMocksManifestAsksForNoTraitOfOrion(orionPath: String?) throws {
        let schema = try Schema.build(sdl: [Source(Self.sdl, name: "schema.graphqls")])
        let document = try Parser.parse(Source(Self.operations, name: "q.graphql"))
        let mocks = CodegenOptions.TestMocks(moduleName: "APIMocks", apiPackagePath: "../API", orionPath: orionPath)
        let files = try CodeGenerator.generateMocks(schema: schema, documents: [document], options: CodegenOptions(namespace: "API", testMocks: mocks))
        let manifest = try Self.manifest(of: files)
        #expect(manifest.hasPrefix("// swift-tools-version:6.1\n"))
        #expect(manifest.contains(Self.expectedDependency(orionPath: orionPath)), "\(manifest)")
    }
}
