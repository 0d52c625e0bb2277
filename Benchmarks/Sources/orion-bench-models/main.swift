import Foundation
import OrionAPI
import RocketReserverAPI

// orion-bench-models FILE: reads a `LaunchList` response, builds its models, and prints the
// process's peak resident memory (MB) before it read the file and with the models held.
//
// The child process of orion-bench's `response.launches*.peak_mb` figures. It links what an
// app that decodes this response links (Foundation, OrionAPI and the generated API), not the
// benchmark's compiler, code generator, NIO server and baselines, whose code would count in
// its resident memory although no app carries it.

/// The process's peak resident memory so far, in MB: at start, before the response is read,
/// that is its memory then, as it has only grown.
func peakResidentMegabytes() -> Double {
    #if canImport(Darwin)
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576  // bytes on Apple platforms
    #else
    // VmHWM belongs to this address space; ru_maxrss would carry the parent's high-water mark
    // across fork and exec.
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    return kilobytes / 1024
    #endif
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: orion-bench-models FILE (a LaunchList response)\n".utf8))
    exit(2)
}
let before = peakResidentMegabytes()
guard let bytes = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("orion-bench-models: cannot read \(path)\n".utf8))
    exit(1)
}
do {
    let models = try ResponseObject(jsonData: bytes).field("data", as: LaunchListQuery.Data.self)
    // Read after the peak is taken, so that the models are held until then.
    let peak = peakResidentMegabytes()
    print(before, peak, models.launches.launches.count)
} catch {
    FileHandle.standardError.write(Data("orion-bench-models: \(error)\n".utf8))
    exit(1)
}
