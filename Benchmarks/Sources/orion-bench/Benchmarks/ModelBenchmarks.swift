import Foundation
import GitHubAPI
import OrionAPI
import RocketReserverAPI

/// Reading a field of a generated model, against a dictionary lookup and cast on the same data
/// (how Apollo iOS's `DataDict` reads one), on the real GitHub response (100 issues).
let modelBenchmarks = BenchmarkGroup(figures: ["model.field_read.ns", "model.field_read.vs_dictionary"]) { settings in
    let bytes = try Data(contentsOf: SharedData.directory.appendingPathComponent("responses/github-issues-and-comments.json"))
    let model = try ResponseObject(jsonData: bytes).field("data", as: IssuesAndCommentsForRepositoryQuery.Data.self)
    let issues = (model.repository?.issues.nodes ?? []).compactMap { $0 }
    let json = (try JSONSerialization.jsonObject(with: bytes) as? [String: Any])?["data"] as? [String: Any]
    let dictionaries = (((json?["repository"] as? [String: Any])?["issues"] as? [String: Any])?["nodes"] as? [[String: Any]]) ?? []
    guard issues.count == 100, dictionaries.count == 100 else { throw BenchmarkError(description: "expected 100 issues") }

    let reads = settings.quick ? 1_000 : 1_000_000
    let modelTime = settings.bestTime {
        var total = 0
        for index in 0..<reads { total &+= issues[index % 100].title.utf8.count }
        return total
    }
    let dictionaryTime = settings.bestTime {
        var total = 0
        for index in 0..<reads { total &+= ((dictionaries[index % 100]["title"] as? String) ?? "").utf8.count }
        return total
    }
    return [
        Figure(name: "model.field_read.ns", value: modelTime / Double(reads) * 1e9, unit: "ns"),
        Figure(name: "model.field_read.vs_dictionary", value: dictionaryTime / modelTime, unit: "x"),
    ]
}

/// Response bytes to typed models (parse into the tape, build the models), against
/// `JSONSerialization.jsonObject` on the same bytes: the ratio is Foundation's time divided by
/// Orion's, so higher is better and 1.0 is the target. The 10,000-launch response is written by
/// `gen_launches.py`; its peak memory is measured in a child process that only builds the models.
let responseBenchmarks = BenchmarkGroup(figures: [
    "response.github.ms", "response.github.vs_jsonserialization",
    "response.launches10k.ms", "response.launches10k.vs_jsonserialization", "response.launches10k.peak_mb",
]) { settings in
    let github = try Data(contentsOf: SharedData.directory.appendingPathComponent("responses/github-issues-and-comments.json"))
    let launchesFile = try LaunchesResponse.file(count: 10_000)
    let launches = try Data(contentsOf: launchesFile)

    let githubTime = try settings.bestTime { try ResponseObject(jsonData: github).field("data", as: IssuesAndCommentsForRepositoryQuery.Data.self) }
    let githubBaseline = try settings.bestTime { try JSONSerialization.jsonObject(with: github) }
    let launchesTime = try settings.bestTime { try LaunchesResponse.models(launches) }
    let launchesBaseline = try settings.bestTime { try JSONSerialization.jsonObject(with: launches) }
    guard try LaunchesResponse.models(launches).launches.launches.count == 10_000 else {
        throw BenchmarkError(description: "expected 10,000 launches")
    }
    let figures = [
        Figure(name: "response.github.ms", value: githubTime * 1000, unit: "ms"),
        Figure(name: "response.github.vs_jsonserialization", value: githubBaseline / githubTime, unit: "x"),
        Figure(name: "response.launches10k.ms", value: launchesTime * 1000, unit: "ms"),
        Figure(name: "response.launches10k.vs_jsonserialization", value: launchesBaseline / launchesTime, unit: "x"),
    ]
    // Memory is not an instruction count: a profile leaves it out (and valgrind cannot start the child).
    if settings.profile { return figures }
    return figures + [Figure(name: "response.launches10k.peak_mb", value: try LaunchesResponse.childMemory(launchesFile, count: 10_000).peak, unit: "MB")]
}

/// The same on the 100,000-launch response (28 MB), and whether the cost scales with it: the
/// 100k time over the 10k time measured in turns with it (linear is 10), and the 100k peak over
/// the size of its JSON: the whole process's peak, and what the response added to the process
/// (its JSON read, its tape and its models). Under `--quick`, each comes from one run, like
/// every other figure.
let largeResponseBenchmarks = BenchmarkGroup(figures: [
    "response.launches100k.ms", "response.launches100k.vs_jsonserialization", "response.launches100k.peak_mb",
    "response.launches100k.vs_10k", "response.launches100k.peak_vs_json", "response.launches100k.growth_vs_json",
]) { settings in
    let launches = try Data(contentsOf: try LaunchesResponse.file(count: 10_000))
    let largeFile = try LaunchesResponse.file(count: 100_000)
    let large = try Data(contentsOf: largeFile)
    guard try LaunchesResponse.models(large).launches.launches.count == 100_000 else {
        throw BenchmarkError(description: "expected 100,000 launches")
    }
    // A run takes a third of a second or more: a longer budget still gives several turns.
    let largeTimes = try settings.bestTimes(budget: 4, baseline: { try JSONSerialization.jsonObject(with: large) }) {
        try LaunchesResponse.models(large)
    }
    let scale = try settings.bestTimes(budget: 4, baseline: { try LaunchesResponse.models(launches) }) {
        try LaunchesResponse.models(large)
    }
    let figures = [
        Figure(name: "response.launches100k.ms", value: largeTimes.measured * 1000, unit: "ms"),
        Figure(name: "response.launches100k.vs_jsonserialization", value: largeTimes.baseline / largeTimes.measured, unit: "x"),
        Figure(name: "response.launches100k.vs_10k", value: scale.measured / scale.baseline, unit: "x"),
    ]
    if settings.profile { return figures }
    let (peak, before) = try LaunchesResponse.childMemory(largeFile, count: 100_000)
    let json = Double(large.count) / 1_048_576
    return figures + [
        Figure(name: "response.launches100k.peak_mb", value: peak, unit: "MB"),
        Figure(name: "response.launches100k.peak_vs_json", value: peak / json, unit: "x"),
        Figure(name: "response.launches100k.growth_vs_json", value: (peak - before) / json, unit: "x"),
    ]
}

/// The `LaunchList` responses of 10,000 and 100,000 launches.
enum LaunchesResponse {
    /// Writes the response of `count` launches with the shared generator (once per machine, in
    /// the temporary directory).
    static func file(count: Int = 10_000) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orion-bench-launches-\(count).json")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let script = SharedData.directory.appendingPathComponent("responses/gen_launches.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Written beside it and moved in whole: a run cut short leaves no partial file to reuse.
        let partial = url.appendingPathExtension("partial")
        process.arguments = ["python3", script.path, String(count), partial.path]
        process.standardOutput = FileHandle.nullDevice
        try process.runToExit(within: 600)
        guard process.terminationStatus == 0 else { throw BenchmarkError(description: "gen_launches.py failed (python3 is needed)") }
        try FileManager.default.moveItem(at: partial, to: url)
        return url
    }

    static func models(_ bytes: Data) throws -> LaunchListQuery.Data {
        try ResponseObject(jsonData: bytes).field("data", as: LaunchListQuery.Data.self)
    }

    /// Runs `orion-bench-models FILE` (built beside this binary), which builds the models of
    /// `count` launches and prints its own peak resident memory, and the same before it read
    /// the file (a child's own figures: RUSAGE_CHILDREN would also count the generator script).
    /// The peak counts the process's own memory, as an app's would; the growth from `before` is
    /// what reading the response and building its models added to it.
    static func childMemory(_ file: URL, count: Int) throws -> (peak: Double, before: Double) {
        let binary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let child = binary.deletingLastPathComponent().appendingPathComponent("orion-bench-models")
        guard FileManager.default.isExecutableFile(atPath: child.path) else {
            throw BenchmarkError(description: "\(child.path) is missing: build orion-bench with SwiftPM (swift build -c release --package-path Benchmarks), which builds it beside orion-bench")
        }
        let process = Process()
        let output = Pipe()
        process.executableURL = child
        process.arguments = [file.path]
        process.standardOutput = output
        var text = ""
        try process.runToExit(within: 600) { text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        let figures = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, figures.count == 3, figures[2] == Double(count) else {
            throw BenchmarkError(description: "the model-building child process failed or built other than \(count) launches: \(text)")
        }
        return (peak: figures[1], before: figures[0])
    }
}
