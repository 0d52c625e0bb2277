import Foundation
import Orion
import OrionAPI
import OrionSQLite
import RocketReserverAPI

/// Reads of the 10,000-launch query from a memory cache in front of a SQLite file
/// (`ChainedNormalizedCache`), against `JSONSerialization` parsing the same bytes, as the
/// `cache.memory.read` and `cache.sqlite.read` figures are: warm, with every record in the
/// front (what a read costs once the app has read it), and cold, the front emptied before each
/// run so that every record is loaded from SQLite and copied into the front (the first read
/// after a launch).
let chainedCacheBenchmarks = BenchmarkGroup(figures: ["read", "read.cold"].flatMap { operation in
    ["ms", "vs_jsonserialization"].map { "cache.chained.\(operation).launches10k.\($0)" }
}) { settings in
    let bytes = try Data(contentsOf: try LaunchesResponse.file())
    let data = try ResponseObject(jsonData: bytes).field("data", as: ResponseObjectBox.self).object
    let parse = { try JSONSerialization.jsonObject(with: bytes) }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-bench-\(UUID().uuidString).sqlite")
    defer { try? SQLiteNormalizedCache.removeFile(at: file) }
    let cache = ChainedNormalizedCache(front: InMemoryNormalizedCache(), back: try SQLiteNormalizedCache(fileURL: file))
    let store = OrionStore(cache: cache)
    let query = LaunchListQuery()
    try store.write(data: data, for: query)
    // Warm: one untimed read fills the front, so that even a --quick run measures a warm read.
    _ = try store.read(query: query)
    let warm = try settings.bestTimes(baseline: parse) { try store.read(query: query) }
    // Cold: emptying the front drops copies only; the back keeps every record.
    let cold = try settings.bestTimes(baseline: parse, prepare: { cache.front.clear() }) { try store.read(query: query) }
    return [("read", warm), ("read.cold", cold)].flatMap { operation, times in
        [
            Figure(name: "cache.chained.\(operation).launches10k.ms", value: times.measured * 1000, unit: "ms"),
            Figure(name: "cache.chained.\(operation).launches10k.vs_jsonserialization", value: times.baseline / times.measured, unit: "x"),
        ]
    }
}
