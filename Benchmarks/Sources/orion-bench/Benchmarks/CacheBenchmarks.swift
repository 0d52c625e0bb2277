import Foundation
import GitHubAPI
import Orion
import OrionAPI
import OrionSQLite
import RocketReserverAPI

/// The normalized cache on both response datasets (Launch and Rocket keyed by id through the
/// RocketReserver schema extension; GitHub by path): write = normalize and store an already
/// parsed response, read = rebuild the typed models from the cache, each in memory and in a
/// SQLite file, and each against `JSONSerialization` parsing the same bytes (Foundation's time
/// divided by Orion's: higher is better), each in turns with its baseline.
let cacheBenchmarks = BenchmarkGroup(figures: ["github", "launches10k"].flatMap { dataset in
    ["memory", "sqlite"].flatMap { kind in
        ["write", "read"].flatMap { operation in
            ["ms", "vs_jsonserialization"].map { "cache.\(kind).\(operation).\(dataset).\($0)" }
        }
    }
} + ["cache.launches10k.records"]) { settings in
    let github = try Data(contentsOf: SharedData.directory.appendingPathComponent("responses/github-issues-and-comments.json"))
    let launches = try Data(contentsOf: try LaunchesResponse.file())
    var figures = try measure("github", github, IssuesAndCommentsForRepositoryQuery(), settings)
    figures += try measure("launches10k", launches, LaunchListQuery(), settings)
    figures.append(Figure(name: "cache.launches10k.records", value: Double(try recordCount(launches)), unit: "records"))
    return figures
}

/// Captures the `data` object of a response without decoding it.
struct ResponseObjectBox: ResponseDecodable {
    let object: ResponseObject

    init(responseValue value: ResponseValue) throws {
        object = try value.decodeObject()
    }
}

private func measure<Query: GraphQLQuery>(_ name: String, _ bytes: Data, _ query: Query, _ settings: Settings) throws -> [Figure] {
    let data = try ResponseObject(jsonData: bytes).field("data", as: ResponseObjectBox.self).object
    let parse = { try JSONSerialization.jsonObject(with: bytes) }
    var figures: [Figure] = []
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-bench-\(UUID().uuidString).sqlite")
    defer { try? SQLiteNormalizedCache.removeFile(at: file) }
    let kinds: [(String, () throws -> any NormalizedCache)] = [
        ("memory", { InMemoryNormalizedCache() }),
        ("sqlite", { try SQLiteNormalizedCache(fileURL: file) }),
    ]
    for (kind, makeCache) in kinds {
        let cache = try makeCache()
        let store = OrionStore(cache: cache)
        // Each write is a first write: the clear before it is not timed.
        let write = try settings.bestTimes(baseline: parse, prepare: { try cache.clear() }) { try store.write(data: data, for: query) }
        let read = try settings.bestTimes(baseline: parse) { try store.read(query: query) }
        for (operation, times) in [("write", write), ("read", read)] {
            figures.append(Figure(name: "cache.\(kind).\(operation).\(name).ms", value: times.measured * 1000, unit: "ms"))
            figures.append(Figure(name: "cache.\(kind).\(operation).\(name).vs_jsonserialization", value: times.baseline / times.measured, unit: "x"))
        }
    }
    return figures
}

/// How many records the 10,000-launch response normalizes into.
private func recordCount(_ bytes: Data) throws -> Int {
    let counter = CountingCache()
    try OrionStore(cache: counter).write(data: try ResponseObject(jsonData: bytes).field("data", as: ResponseObjectBox.self).object, for: LaunchListQuery())
    return counter.count
}

/// A cache that only counts the records merged into it.
private final class CountingCache: NormalizedCache, @unchecked Sendable {
    // Written once, by the single merge of `recordCount`, before it is read.
    private(set) var count = 0

    func loadRecords(forKeys keys: Set<CacheKey>) -> [CacheKey: Record] { [:] }
    func merge(records: RecordSet) -> ChangedFields {
        count += records.count
        return []
    }
    func removeRecords(forKeys keys: Set<CacheKey>) {}
    func allKeys() -> Set<CacheKey> { [] }
    func clear() {}
}
