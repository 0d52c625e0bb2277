// swift-tools-version:6.0
import PackageDescription

// The RocketReserver tutorial server: the SpaceX-launch booking API that Orion's examples run
// against. A package of its own so that depending on Orion never resolves a server dependency.
let package = Package(
    name: "RocketReserver",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "RocketReserverServer", targets: ["RocketReserverServer"]),
        .executable(name: "rocket-reserver-server", targets: ["rocket-reserver-server"]),
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
        .testTarget(
            name: "RocketReserverServerTests",
            dependencies: [
                "RocketReserverServer",
                .product(name: "GraphQLLanguage", package: "Orion"),
                .product(name: "OrionCompiler", package: "Orion"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
