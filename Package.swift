// swift-tools-version:6.1
import PackageDescription

// The root package holds only what an app or the code generator links. Examples and benchmarks
// are packages of their own, so that depending on Orion never resolves a server dependency.
let package = Package(
    name: "Orion",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "OrionAPI", targets: ["OrionAPI"]),
        .library(name: "OrionCache", targets: ["OrionCache"]),
        .library(name: "Orion", targets: ["Orion"]),
        .library(name: "OrionSQLite", targets: ["OrionSQLite"]),
        .library(name: "OrionTestSupport", targets: ["OrionTestSupport"]),
        .library(name: "OrionWebSocket", targets: ["OrionWebSocket"]),
        .library(name: "OrionPagination", targets: ["OrionPagination"]),
        .library(name: "GraphQLLanguage", targets: ["GraphQLLanguage"]),
        .library(name: "OrionCompiler", targets: ["OrionCompiler"]),
        .library(name: "OrionCodegen", targets: ["OrionCodegen"]),
        .executable(name: "orion", targets: ["orion"]),
        .plugin(name: "OrionBuildPlugin", targets: ["OrionBuildPlugin"]),
        .plugin(name: "OrionCommandPlugin", targets: ["OrionCommandPlugin"]),
    ],
    // WebSocketTLS: wss:// for OrionWebSocket on Linux, with swift-nio-ssl, whose BoringSSL is
    // most of a clean build's time on Linux (370 of the benchmarks' 530 s on two cores). On by
    // default; a package that never connects to wss:// on Linux depends on Orion with
    // `traits: []`. Apple platforms use URLSession's TLS either way.
    traits: [
        .trait(name: "WebSocketTLS", description: "wss:// for OrionWebSocket on Linux (swift-nio-ssl)."),
        .default(enabledTraits: ["WebSocketTLS"]),
    ],
    dependencies: [
        // The `orion` command line only: help, validation and errors from declarations.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // OrionWebSocket on Linux only, where Foundation has no WebSocket client; Apple platforms
        // use URLSessionWebSocketTask and link nothing of these. The connector is built on NIO's
        // WebSocket upgrader directly rather than on swift-websocket's WSClient: WSClient always
        // sends its own `Origin: ws://host` (no port, a scheme no browser sends), and adds a user's
        // Origin as a second header, so same-origin checks (strawberry-graphql's among them)
        // refuse the upgrade with 403; and a refused upgrade reaches its caller without its status.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        // `swift package generate-documentation` only (scripts/test.sh builds the DocC catalog in
        // Sources/Orion/Orion.docc with it, warnings as errors). A command plugin: no target links
        // it, so an app that depends on Orion builds nothing of it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // What generated code imports, and nothing else: it depends on Foundation only.
        .target(name: "OrionAPI"),
        // The normalized cache: records, the caches, the store and its transactions. No client, so
        // that a cache (OrionSQLite) links no networking.
        .target(name: "OrionCache", dependencies: ["OrionAPI"]),
        // The client: Foundation (and FoundationNetworking on Linux) only.
        .target(name: "Orion", dependencies: ["OrionAPI", "OrionCache"]),
        // SQLite's C API from the system (the SDK on Apple platforms, libsqlite3-dev on Linux):
        // it builds in seconds, where a database package would add most of a minute.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "OrionSQLite", dependencies: ["OrionCache", "OrionAPI", "CSQLite"]),
        // What tests of an app link, and the app does not: a transport of scripted responses.
        .target(name: "OrionTestSupport", dependencies: ["Orion", "OrionCache", "OrionAPI"]),
        // Subscriptions and operations over WebSocket: the two GraphQL subprotocols.
        .target(
            name: "OrionWebSocket",
            dependencies: ["Orion", "OrionCache", "OrionAPI"] + ["NIOCore", "NIOPosix", "NIOHTTP1", "NIOWebSocket"].map {
                .product(name: $0, package: "swift-nio", condition: .when(platforms: [.linux]))
            } + [.product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux], traits: ["WebSocketTLS"]))]
        ),
        // Pagers: a query's pages, loaded in turn and watched in the client's cache.
        .target(name: "OrionPagination", dependencies: ["Orion", "OrionAPI", "OrionCache"]),
        .target(name: "GraphQLLanguage"),
        .target(name: "OrionCompiler", dependencies: ["GraphQLLanguage"]),
        // The docs site's and explorer's page code (HTML, CSS, JavaScript) are resources: files a
        // reader can open and edit as what they are, found next to `orion` (and any program that
        // links OrionCodegen) from whatever directory it runs in.
        .target(name: "OrionCodegen", dependencies: ["OrionCompiler", "GraphQLLanguage"], resources: [.copy("Docs/Assets")]),
        // The `orion` tool's commands but `docs`: init, generate, validate, fetch-schema.
        .target(
            name: "OrionCommands",
            dependencies: ["OrionCodegen", "OrionCompiler", "GraphQLLanguage", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // `orion docs --serve` listens with NIO (already resolved for OrionWebSocket): Foundation
        // has no HTTP server. The runtime modules link none of it.
        .executableTarget(
            name: "orion",
            dependencies: ["OrionCommands", "OrionCodegen", "OrionCompiler", .product(name: "ArgumentParser", package: "swift-argument-parser")]
                + ["NIOCore", "NIOPosix", "NIOHTTP1"].map { .product(name: $0, package: "swift-nio") }
        ),
        // The plugins' tool, `orion` without `docs` and so without NIO: SwiftPM builds a
        // plugin's tool for the host, apart from the app's modules, and NIO would be compiled
        // again for it.
        .executableTarget(
            name: "orion-codegen",
            dependencies: ["OrionCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Generates a target's GraphQL on every build (API.swift from its .graphql and .graphqls).
        .plugin(name: "OrionBuildPlugin", capability: .buildTool(), dependencies: ["orion-codegen"]),
        // `swift package orion generate | fetch-schema | validate`, for generated code that is committed.
        .plugin(
            name: "OrionCommandPlugin",
            capability: .command(
                intent: .custom(verb: "orion", description: "Run the orion tool: generate, fetch-schema, validate, init."),
                permissions: [
                    .writeToPackageDirectory(reason: "orion generate and fetch-schema write generated Swift and schema files."),
                    .allowNetworkConnections(scope: .all(), reason: "orion fetch-schema downloads the schema from the server."),
                ]
            ),
            dependencies: ["orion-codegen"]
        ),
        // Helpers the test targets share: where the shared data is, running programs.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "OrionSQLiteTests", dependencies: ["OrionSQLite", "OrionCache", "Orion", "OrionAPI", "TestSupport"]),
        .testTarget(name: "OrionTests", dependencies: ["Orion", "OrionCache", "OrionAPI"]),
        .testTarget(
            name: "OrionWebSocketTests",
            dependencies: ["OrionWebSocket", "Orion", "OrionAPI", "TestSupport"]
                // The frame reader's tests run NIO's decoder in NIO's embedded channel.
                + ["NIOCore", "NIOEmbedded", "NIOWebSocket"].map { .product(name: $0, package: "swift-nio", condition: .when(platforms: [.linux])) }
        ),
        .testTarget(name: "OrionAPITests", dependencies: ["OrionAPI", "TestSupport"]),
        .testTarget(name: "GraphQLLanguageTests", dependencies: ["GraphQLLanguage", "TestSupport"]),
        .testTarget(name: "OrionCompilerTests", dependencies: ["OrionCompiler", "GraphQLLanguage", "TestSupport"]),
        .testTarget(name: "OrionCodegenTests", dependencies: ["OrionCodegen", "OrionCompiler", "GraphQLLanguage", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "OrionCommandTests", dependencies: ["OrionCodegen", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
