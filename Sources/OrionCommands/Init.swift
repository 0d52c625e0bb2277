import ArgumentParser
import Foundation
import OrionCodegen

/// `orion init`: writes a starter orion.json.
package struct Init: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        abstract: "Write a starter orion.json in the current directory.",
        discussion: "Edit the schema path, the operation globs and the namespace, then run `orion generate`.")

    @Flag(help: "Replace an existing orion.json.")
    var force = false

    package func run() throws {
        let url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("orion.json")
        if FileManager.default.fileExists(atPath: url.path) && !force {
            throw ValidationError("orion.json already exists; pass --force to replace it.")
        }
        try Configuration.starter.encoded().write(to: url)
        print("Wrote \(url.path). Set \"schema\", \"operations\" and \"namespace\", then run `orion generate`.")
    }
}
