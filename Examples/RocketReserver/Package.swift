// swift-tools-version:6.0
import PackageDescription

// The RocketReserver tutorial: the server of the SpaceX-launch booking API, and the app the
// tutorial builds against it (view models and a terminal program). A package of its own so that
// depending on Orion never resolves a server dependency.
let package = Package(
    name: "RocketReserver",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "RocketReserverServer", targets: ["RocketReserverServer"]),
        .executable(name: "rocket-reserver-server", targets: ["rocket-reserver-server"]),
        .library(name: "RocketReserverApp", targets: ["RocketReserverApp"]),
        .executable(name: "rocket-reserver", targets: ["rocket-reserver"]),
    ],
    dependencies: [
        .package(name: "Orion", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Tests only: a WebSocket client that works on Linux (URLSessionWebSocketTask does not).
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.0.0"),
        // Tests only: the Logger the WebSocket client takes.
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        // SQLite from the system (libsqlite3-dev), so no database package has to be built.
        // Not named CSQLite: target names are unique across the package graph, and Orion's
        // root package has one of that name.
        .systemLibrary(
            name: "CRocketReserverSQLite",
            path: "Sources/CRocketReserverSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "RocketReserverServer",
            dependencies: [
                "CRocketReserverSQLite",
                .product(name: "GraphQLLanguage", package: "Orion"),
                .product(name: "OrionCompiler", package: "Orion"),
                // The persisted-query manifest reader, for --safelist: the format orion writes.
                .product(name: "OrionCodegen", package: "Orion"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "GraphQL", package: "GraphQL"),
            ],
            resources: [
                .copy("Resources/schema.graphqls"),
                .copy("Resources/launches.json"),
            ]
        ),
        .executableTarget(
            name: "rocket-reserver-server",
            dependencies: [
                "RocketReserverServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The app: its .graphql operations and schema are compiled to Swift by Orion's build
        // plugin on every build.
        .target(
            name: "RocketReserverApp",
            dependencies: [
                .product(name: "Orion", package: "Orion"),
                .product(name: "OrionAPI", package: "Orion"),
                .product(name: "OrionWebSocket", package: "Orion"),
                .product(name: "OrionPagination", package: "Orion"),
            ],
            plugins: [.plugin(name: "OrionBuildPlugin", package: "Orion")]
        ),
        .executableTarget(
            name: "rocket-reserver",
            dependencies: ["RocketReserverApp", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "RocketReserverAppTests",
            dependencies: [
                "RocketReserverApp", "RocketReserverServer", .product(name: "Orion", package: "Orion"),
                .product(name: "OrionTestSupport", package: "Orion"),
            ]
        ),
        .testTarget(
            name: "RocketReserverServerTests",
            dependencies: [
                "RocketReserverServer",
                .product(name: "GraphQLLanguage", package: "Orion"),
                .product(name: "OrionCompiler", package: "Orion"),
                // The introspection query `orion fetch-schema` sends.
                .product(name: "OrionCodegen", package: "Orion"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
