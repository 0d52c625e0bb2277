// swift-tools-version:6.1
import PackageDescription

// Release-mode benchmarks of Orion, each figure measured against a baseline in the same run.
// A package of its own so that the baselines never become dependencies of Orion itself.
let package = Package(
    name: "OrionBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Without WebSocketTLS: the subscription figures connect to ws:// on 127.0.0.1, and
        // BoringSSL was most of this package's build.
        .package(name: "Orion", path: "..", traits: []),
        // Baseline only: the GraphQL implementation Swift servers use, for parse and schema figures.
        .package(url: "https://github.com/GraphQLSwift/GraphQL", exact: "4.3.0"),
        // Generated models of the GitHub operations, written by Tests/GeneratedCode/generate.sh.
        .package(path: "../Tests/GeneratedCode/Generated/GitHubAPI"),
        .package(path: "../Tests/GeneratedCode/Generated/RocketReserverAPI"),
        // The local WebSocket server of the subscription figures; already in the graph, through
        // OrionWebSocket's client on Linux.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "orion-bench",
            dependencies: [
                .product(name: "GraphQLLanguage", package: "Orion"),
                .product(name: "OrionCompiler", package: "Orion"),
                .product(name: "OrionCodegen", package: "Orion"),
                .product(name: "OrionAPI", package: "Orion"),
                .product(name: "Orion", package: "Orion"),
                .product(name: "OrionSQLite", package: "Orion"),
                .product(name: "OrionWebSocket", package: "Orion"),
                .product(name: "GitHubAPI", package: "GitHubAPI"),
                .product(name: "RocketReserverAPI", package: "RocketReserverAPI"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                "CallgrindControl",
                // Not linked: built with it, beside it, so that `swift run orion-bench` has its child.
                "orion-bench-models",
            ]
        ),
        // The child process of the response.launches*.peak_mb figures: what an app that decodes
        // a LaunchList response links, and nothing of the benchmark's.
        .executableTarget(
            name: "orion-bench-models",
            dependencies: [
                .product(name: "OrionAPI", package: "Orion"),
                .product(name: "RocketReserverAPI", package: "RocketReserverAPI"),
            ]
        ),
        // `orion-bench --profile`'s marks for callgrind (valgrind's client requests), so that
        // scripts/profile-benchmarks.sh counts each run alone.
        .target(name: "CallgrindControl"),
    ],
    swiftLanguageModes: [.v6]
)
