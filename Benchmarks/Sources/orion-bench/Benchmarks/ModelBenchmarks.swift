import Foundation
import GitHubAPI
import OrionAPI

/// Generated models on the real GitHub response (100 issues, 508 comments): reading a field,
/// against a dictionary lookup and cast on the same data (how Apollo iOS's `DataDict` reads
/// one), and building models from `JSONSerialization`'s output, against the parse alone.
let modelBenchmarks = BenchmarkGroup(figures: [
    "model.field_read.ns", "model.field_read.vs_dictionary", "model.from_jsonobject.vs_jsonserialization",
]) { settings in
    let bytes = try Data(contentsOf: SharedData.directory.appendingPathComponent("responses/github-issues-and-comments.json"))
    func parse() throws -> [String: Any] {
        guard let response = try JSONSerialization.jsonObject(with: bytes) as? [String: Any],
              let data = response["data"] as? [String: Any] else { throw BenchmarkError(description: "the GitHub response has no data") }
        return data
    }
    let json = try parse()
    let model = try IssuesAndCommentsForRepositoryQuery.Data(jsonObject: json)
    let issues = (model.repository?.issues.nodes ?? []).compactMap { $0 }
    let dictionaries = (((json["repository"] as? [String: Any])?["issues"] as? [String: Any])?["nodes"] as? [[String: Any]]) ?? []
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
    let parseTime = try settings.bestTime(parse)
    let buildTime = try settings.bestTime { try IssuesAndCommentsForRepositoryQuery.Data(jsonObject: try parse()) }
    return [
        Figure(name: "model.field_read.ns", value: modelTime / Double(reads) * 1e9, unit: "ns"),
        Figure(name: "model.field_read.vs_dictionary", value: dictionaryTime / modelTime, unit: "x"),
        Figure(name: "model.from_jsonobject.vs_jsonserialization", value: buildTime / parseTime, unit: "x"),
    ]
}
