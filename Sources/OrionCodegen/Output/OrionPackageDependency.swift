/// How a generated package (the module's, the mocks') declares its dependency on Orion: by path
/// (`--orion-path`) or by URL, and in either case without Orion's traits. Generated code needs
/// none of Orion's optional parts, and SwiftPM builds the union of the traits a graph's packages
/// ask for: an app that needs one (WebSocketTLS) asks for it in its own dependency on Orion.
enum OrionPackageDependency {
    /// The manifests' tools version: 6.1 is the first with package traits.
    static let toolsVersionLine = "// swift-tools-version:6.1"

    /// The `.package(...)` entry of a generated manifest's dependencies.
    static func declaration(orionPath: String?) -> String {
        orionPath.map { ".package(name: \"Orion\", path: \(SwiftLiteral.string($0)), traits: [])" }
            ?? ".package(url: \"https://github.com/orion-graphql/orion\", from: \"0.1.0\", traits: [])"
    }
}
