import Foundation

// orion-bench [--quick | --profile] [NAME...]: runs the benchmarks whose figure names start with a NAME
// (all by default) and prints one `NAME VALUE UNIT` line per figure on stdout, nothing else.

let groups: [BenchmarkGroup] = [
    parseBenchmarks,
    compilerBenchmarks,
    codegenBenchmarks,
    codegenScaleBenchmarks,
    modelBenchmarks,
    responseBenchmarks,
    largeResponseBenchmarks,
    cacheBenchmarks,
    chainedCacheBenchmarks,
    deduplicationBenchmarks,
    subscriptionBenchmarks,
]

var arguments = Array(CommandLine.arguments.dropFirst())
let profile = arguments.contains("--profile")
let quick = profile || arguments.contains("--quick")
arguments.removeAll { $0 == "--quick" || $0 == "--profile" }
if arguments.contains("--help") || arguments.contains("-h") {
    FileHandle.standardError.write(Data("""
        usage: orion-bench [--quick | --profile] [NAME...]
          Runs the benchmarks whose figures start with a NAME (all by default), printing
          `NAME VALUE UNIT` per figure. --quick runs each measurement once (a smoke test);
          --profile runs each once more, warmed up, for scripts/profile-benchmarks.sh.
        figures:\n\(groups.flatMap(\.figures).map { "  \($0)" }.joined(separator: "\n"))\n
        """.utf8))
    exit(0)
}
for name in arguments where !groups.flatMap(\.figures).contains(where: { $0.hasPrefix(name) }) {
    FileHandle.standardError.write(Data("orion-bench: no figure named \(name)*; run with --help for the list.\n".utf8))
    exit(1)
}

let settings = Settings(quick: quick, profile: profile)
for group in groups where arguments.isEmpty || group.figures.contains(where: { figure in arguments.contains { figure.hasPrefix($0) } }) {
    do {
        for figure in try group.run(settings)
        where arguments.isEmpty || arguments.contains(where: { figure.name.hasPrefix($0) }) {
            print(figure.line)
        }
    } catch {
        FileHandle.standardError.write(Data("orion-bench: \(error)\n".utf8))
        exit(1)
    }
}
