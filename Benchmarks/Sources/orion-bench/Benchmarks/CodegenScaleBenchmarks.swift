import Foundation
import OrionCodegen
import OrionCompiler

/// Code generation for a large app: `Benchmarks/SyntheticApp/generate.py` writes 1,000 queries
/// and 300 fragments (nested up to six deep, on interfaces and union members) over GitHub's full
/// schema, and the whole generate (read, parse, validate, compile, render) runs in process for
/// its first 500 and all 1,000 operations. Linearity is the ratio of the two times (2.0 is
/// linear); lines per operation is what the app's build compiles.
let codegenScaleBenchmarks = BenchmarkGroup(figures: [
    "codegen.scale.ms", "codegen.scale.linearity", "codegen.scale.lines_per_operation",
]) { settings in
    let small = try SyntheticApp.written(operations: 500)
    let large = try SyntheticApp.written(operations: 1000)
    // As `orion generate` does it: the operation files read and checked (every rule the code
    // generator applies), then compiled and rendered; nothing written.
    func generate(_ app: URL) throws -> [GeneratedFile] {
        let schema = try SchemaLoader.load(["schema.graphqls"], relativeTo: app)
        let check = OperationCheck(["fragments/*.graphql", "operations/*.graphql"], relativeTo: app, schema: schema, rules: .codeGeneration)
        return try CodeGenerator.generate(schema: schema, operations: check, options: CodegenOptions(namespace: "SyntheticAPI"))
    }
    let (smallTime, largeTime) = try settings.bestTimes(budget: 10, baseline: { try generate(small) }, { try generate(large) })
    let lines = try generate(large).filter { $0.path.hasSuffix(".swift") && !$0.path.hasSuffix("Package.swift") }
        .reduce(0) { $0 + $1.contents.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
    return [
        Figure(name: "codegen.scale.ms", value: largeTime * 1000, unit: "ms"),
        Figure(name: "codegen.scale.linearity", value: largeTime / smallTime, unit: "x"),
        Figure(name: "codegen.scale.lines_per_operation", value: Double(lines) / 1000, unit: "lines"),
    ]
}

/// The synthetic app's GraphQL, written once per size under `Benchmarks/.build` by its Python
/// script (graphql-core checks every document it writes) and written again when the script
/// changes.
enum SyntheticApp {
    static let script: URL = {
        // <repo>/Benchmarks/Sources/orion-bench/Benchmarks/CodegenScaleBenchmarks.swift → <repo>/Benchmarks
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("SyntheticApp/generate.py")
    }()

    /// The folder holding the app with `operations` queries, written if it is missing or older
    /// than the script.
    static func written(operations: Int) throws -> URL {
        let benchmarks = script.deletingLastPathComponent().deletingLastPathComponent()
        let folder = benchmarks.appendingPathComponent(".build/synthetic-app/\(operations)", isDirectory: true)
        let stamp = folder.appendingPathComponent("complete")
        if let written = modified(stamp), let changed = modified(script), written >= changed { return folder }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", script.path, "--operations", String(operations), "--out", folder.path,
            "--schema", SharedData.directory.appendingPathComponent("schemas/github-full/schema-2024-07.graphqls").path,
        ]
        try process.runToExit(within: 600)
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(description: "\(script.path) failed (exit \(process.terminationStatus)); it needs python3 with graphql-core (scripts/install-dependencies.sh)")
        }
        try Data().write(to: stamp)
        return folder
    }

    private static func modified(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
