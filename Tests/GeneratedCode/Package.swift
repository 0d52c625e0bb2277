// swift-tools-version:6.0
import PackageDescription

// Tests that need generated code. generate.sh writes a package per schema into Generated/ (as
// `orion generate --module-type swift-package` does for users); GeneratedCodeTests builds models
// from JSON responses and reads every kind of field, OrionClientTests runs the client with the
// RocketReserver operations against the RocketReserver server and a fault-injecting server of
// its own, and runs `orion fetch-schema` against both; InteropTests runs it against servers of
// another stack (Tests/Interop, and Tests/Paging for pagers: strawberry-graphql on uvicorn;
// Tests/Defer for incremental delivery: graphql-core on uvicorn).
let generated = ["StarWarsAPI", "AnimalKingdomAPI", "GitHubAPI", "UploadAPI", "SubscriptionAPI", "RocketReserverAPI", "HostileAPI", "InteropAPI", "PagingAPI", "NullabilityAPI", "DeferAPI", "MergedLaunchesAPI", "MergedPagingAPI"]
// Test mocks generated beside five of them (generate.sh's --mocks-output); MockTests builds
// operations' data from mocks (the hostile names' mocks are there to be compiled).
let mocked = ["StarWarsAPI", "AnimalKingdomAPI", "GitHubAPI", "RocketReserverAPI", "HostileAPI"]
// The schema sweep's packages (Tests/SchemaSweep): operations written from each schema alone;
// SchemaSweepTests decodes a mock response of each and writes it back.
let sweeps = ["Saleor", "Linear", "Artsy", "GitHubFull", "StarWars", "AnimalKingdom", "GitHub", "Upload", "Subscription", "RocketReserver"]
    .map { "Sweep\($0)API" }

let package = Package(
    name: "GeneratedCode",
    platforms: [.macOS(.v12)],
    dependencies: [.package(name: "Orion", path: "../..")] + (generated + mocked.map { $0 + "Mocks" } + sweeps).map { .package(path: "Generated/\($0)") },
    targets: [
        // The hostile-names schema's code in the layouts that go into an existing target: built
        // (with -warnings-as-errors, as everything here) to show that they compile.
        .target(name: "HostileEmbedded", dependencies: [.product(name: "OrionAPI", package: "Orion")], path: "Generated/Hostile-embedded"),
        .target(name: "HostileSingleFile", dependencies: [.product(name: "OrionAPI", package: "Orion")], path: "Generated/Hostile-single-file"),
        .target(name: "HostilePerSourceFile", dependencies: [.product(name: "OrionAPI", package: "Orion")], path: "Generated/Hostile-per-source-file"),
        // The Swift listings of the README and the DocC articles (Listings/extract.py), built
        // against the current API.
        .target(
            name: "Listings",
            dependencies: [
                .product(name: "Orion", package: "Orion"), .product(name: "OrionWebSocket", package: "Orion"),
                .product(name: "OrionSQLite", package: "Orion"), .product(name: "GraphQLLanguage", package: "Orion"),
                .product(name: "OrionPagination", package: "Orion"), .product(name: "RocketReserverAPI", package: "RocketReserverAPI"),
                .product(name: "OrionTestSupport", package: "Orion"), .product(name: "RocketReserverAPIMocks", package: "RocketReserverAPIMocks"),
                // The deferred fragments article's query.
                .product(name: "DeferAPI", package: "DeferAPI"),
                .product(name: "MergedLaunchesAPI", package: "MergedLaunchesAPI"),
            ],
            path: "Generated/Listings"
        ),
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: [.product(name: "OrionAPI", package: "Orion"), "HostileSingleFile"] + generated.map { .product(name: $0, package: $0) }
        ),
        .testTarget(
            name: "MockTests",
            dependencies: [.product(name: "OrionAPI", package: "Orion"), .product(name: "OrionTestSupport", package: "Orion")]
                + (mocked + mocked.map { $0 + "Mocks" }).map { .product(name: $0, package: $0) }
        ),
        .testTarget(
            name: "OrionClientTests",
            dependencies: [
                .product(name: "Orion", package: "Orion"), .product(name: "OrionAPI", package: "Orion"),
                .product(name: "OrionSQLite", package: "Orion"), .product(name: "RocketReserverAPI", package: "RocketReserverAPI"),
                .product(name: "OrionPagination", package: "Orion"),
                // Cache round trips of queries with fragments, type cases and conditions.
                .product(name: "StarWarsAPI", package: "StarWarsAPI"), .product(name: "GitHubAPI", package: "GitHubAPI"),
                .product(name: "OrionWebSocket", package: "Orion"), .product(name: "UploadAPI", package: "UploadAPI"),
                // Responses with field errors, decoded and cached by @catch and @semanticNonNull.
                .product(name: "NullabilityAPI", package: "NullabilityAPI"),
                // `orion fetch-schema`'s tests compare what it wrote with the shared schema.
                .product(name: "OrionCompiler", package: "Orion"), .product(name: "GraphQLLanguage", package: "Orion"),
                .product(name: "OrionTestSupport", package: "Orion"),
                // Pages of launches merged into one list by the cache.
                .product(name: "MergedLaunchesAPI", package: "MergedLaunchesAPI"),
            ]
        ),
        .testTarget(
            name: "InteropTests",
            dependencies: [
                .product(name: "Orion", package: "Orion"), .product(name: "OrionAPI", package: "Orion"),
                .product(name: "OrionWebSocket", package: "Orion"), .product(name: "InteropAPI", package: "InteropAPI"),
                // Backward and offset paging against a strawberry server of the tests' own.
                .product(name: "OrionPagination", package: "Orion"), .product(name: "PagingAPI", package: "PagingAPI"),
                // @defer against a graphql-core server of the tests' own.
                .product(name: "DeferAPI", package: "DeferAPI"),
                // The Relay connection's pages merged into one by the cache.
                .product(name: "MergedPagingAPI", package: "MergedPagingAPI"),
            ]
        ),
        .testTarget(
            name: "SchemaSweepTests",
            dependencies: [.product(name: "OrionAPI", package: "Orion")] + sweeps.map { .product(name: $0, package: $0) },
            path: "Generated/SchemaSweepTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
