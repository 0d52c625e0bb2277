// swift-tools-version:6.0
import PackageDescription

// Compile-and-use tests of generated code: generate.sh writes a package per schema into
// Generated/ (as `orion generate --module-type swift-package` does for users), and the tests here
// build models from JSON responses and read every kind of field.
let generated = ["StarWarsAPI", "AnimalKingdomAPI", "GitHubAPI", "UploadAPI", "SubscriptionAPI", "RocketReserverAPI"]

let package = Package(
    name: "GeneratedCode",
    platforms: [.macOS(.v12)],
    dependencies: [.package(name: "Orion", path: "../..")] + generated.map { .package(path: "Generated/\($0)") },
    targets: [
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: [.product(name: "OrionAPI", package: "Orion")] + generated.map { .product(name: $0, package: $0) }
        ),
    ],
    swiftLanguageModes: [.v6]
)
