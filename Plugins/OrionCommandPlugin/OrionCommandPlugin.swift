import Foundation
import PackagePlugin

/// `swift package orion <command> [arguments]`: runs the `orion` tool's commands (but `docs`:
/// `orion-codegen`, which links no NIO) in the package's directory, for projects that commit
/// their generated code: `swift package orion generate`
/// (reads orion.json), `swift package orion fetch-schema --endpoint URL --output schema.graphqls`,
/// `swift package orion validate ...`, `swift package orion init`.
@main
struct OrionCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "orion-codegen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        // Its exit is awaited through the termination handler, not `waitUntilExit()`, which on
        // Linux can spin forever when Foundation misses a child's exit.
        try await withCheckedThrowingContinuation { (exited: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in exited.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                exited.resume(throwing: error)
            }
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("orion \(arguments.joined(separator: " ")) failed (exit status \(process.terminationStatus)).")
            throw CommandFailed()
        }
    }
}

struct CommandFailed: Error, CustomStringConvertible {
    var description: String { "orion failed; its messages are above." }
}
