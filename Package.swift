// swift-tools-version:6.0
import PackageDescription

// The root package holds only what an app or the code generator links. Examples and benchmarks
// are packages of their own, so that depending on Orion never resolves a server dependency.
let package = Package(
    name: "Orion",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "GraphQLLanguage", targets: ["GraphQLLanguage"]),
        .library(name: "OrionCompiler", targets: ["OrionCompiler"]),
    ],
    targets: [
        .target(name: "GraphQLLanguage"),
        .target(name: "OrionCompiler", dependencies: ["GraphQLLanguage"]),
        .testTarget(name: "GraphQLLanguageTests", dependencies: ["GraphQLLanguage"]),
        .testTarget(name: "OrionCompilerTests", dependencies: ["OrionCompiler", "GraphQLLanguage"]),
    ],
    swiftLanguageModes: [.v6]
)
