// swift-tools-version:6.0
import PackageDescription

// A package that uses Orion's build plugin, as an app would: test-plugin.sh copies it to a
// temporary directory (ORION_PATH is replaced by this checkout's path) and builds it with a valid
// and with an invalid operation.
let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v12)],
    dependencies: [.package(name: "Orion", path: "ORION_PATH")],
    targets: [
        .executableTarget(
            name: "Fixture",
            dependencies: [.product(name: "OrionAPI", package: "Orion")],
            plugins: [.plugin(name: "OrionBuildPlugin", package: "Orion")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
