import GraphQLLanguage

/// Parsing the full GitHub schema (1.2 MB of SDL), against GraphQLSwift's parser on the same text.
let parseBenchmarks = BenchmarkGroup(figures: ["parse.github_full.mbps", "parse.github_full.vs_graphqlswift"]) { settings in
    let text = try SharedData.text("schemas/github-full/schema-2024-07.graphqls")
    let megabytes = Double(text.utf8.count) / 1e6
    // Building the Source (the UTF-8 copy the lexer reads) is part of what a caller pays.
    let (baseline, orion) = try settings.bestTimes(budget: 2, baseline: { try GraphQLSwiftBaseline.parse(text) }) {
        try Parser.parse(Source(text, name: "schema-2024-07.graphqls"))
    }
    return [
        Figure(name: "parse.github_full.mbps", value: megabytes / orion, unit: "MB/s"),
        Figure(name: "parse.github_full.vs_graphqlswift", value: baseline / orion, unit: "x"),
    ]
}
