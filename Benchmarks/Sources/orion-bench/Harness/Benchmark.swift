import CallgrindControl
import Foundation

/// One line of output: `NAME VALUE UNIT`.
struct Figure {
    var name: String
    var value: Double
    var unit: String

    var line: String { "\(name) \(String(format: value >= 100 ? "%.1f" : "%.3g", value)) \(unit)" }
}

/// A group of figures that are measured together (a figure and its baseline ratio share runs).
struct BenchmarkGroup: Sendable {
    /// The names of the figures the group produces, so a NAME argument can select it.
    var figures: [String]
    var run: @Sendable (Settings) throws -> [Figure]
}

/// How hard to measure: `--quick` runs each measured closure once, to check it works;
/// `--profile` runs each once untimed and once counted, for `scripts/profile-benchmarks.sh`.
struct Settings: Sendable {
    var quick: Bool
    /// Whether each baseline and measured closure runs once to warm up, then once between
    /// callgrind marks, so that `scripts/profile-benchmarks.sh` gets a count of each run alone.
    var profile = false

    /// The best (minimum) wall time of `body` in seconds, after a warm-up, over enough runs to
    /// fill about `budget` seconds (at least 5 runs). The minimum is the figure least disturbed
    /// by other work on the machine.
    func bestTime<T>(budget: Double = 1.0, _ body: () throws -> T) rethrows -> Double {
        try bestTimes(budget: budget, baseline: {}, prepare: {}, body).measured
    }

    /// The best times of `baseline` and of `body`, run in turns (with `prepare` before each run
    /// of `body`, outside its time), so that a change in the machine's load meets both alike:
    /// their ratio is steadier than that of two separate series. The turns fill about `budget`
    /// seconds (at least 5).
    func bestTimes<B, T>(
        budget: Double = 1.0, baseline: () throws -> B, prepare: () throws -> Void = {}, _ body: () throws -> T
    ) rethrows -> (baseline: Double, measured: Double) {
        if profile {
            blackHole(try baseline())
            try prepare()
            blackHole(try body())
            let baselineTime = try profiled("baseline", baseline)
            try prepare()
            return (baselineTime, try profiled("measured", body))
        }
        if quick {
            try prepare()
            return (try time(baseline), try time(body))
        }
        blackHole(try baseline())
        try prepare()
        blackHole(try body())
        var best = (baseline: Double.infinity, measured: Double.infinity)
        var spent = 0.0
        var runs = 0
        while runs < 5 || spent < budget {
            let baselineTime = try time(baseline)
            try prepare()
            let measuredTime = try time(body)
            best = (min(best.baseline, baselineTime), min(best.measured, measuredTime))
            spent += baselineTime + measuredTime
            runs += 1
            if runs >= 200 { break }
        }
        return best
    }

    private func time<T>(_ body: () throws -> T) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        blackHole(result)
        return elapsed
    }

    /// `time(body)` with callgrind's counts zeroed before and dumped after, into a file of its
    /// own described by `label`. Every thread's work in between counts.
    private func profiled<T>(_ label: String, _ body: () throws -> T) rethrows -> Double {
        orion_bench_callgrind_zero()
        defer { orion_bench_callgrind_dump(label) }
        return try time(body)
    }
}

/// Keeps a result alive and observed so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
}
