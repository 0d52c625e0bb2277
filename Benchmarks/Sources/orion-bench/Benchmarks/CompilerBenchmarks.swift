import Foundation
import GraphQLLanguage
import OrionCompiler

/// Building and checking the full GitHub schema against GraphQLSwift's buildSchema and
/// validateSchema; validating the GitHub operations.
let compilerBenchmarks = BenchmarkGroup(figures: ["schema.github_full.ms", "schema.github_full.vs_graphqlswift", "validate.github_ops.ms"]) { settings in
    let text = try SharedData.text("schemas/github-full/schema-2024-07.graphqls")
    let (baseline, orion) = try settings.bestTimes(budget: 3, baseline: { try GraphQLSwiftBaseline.buildAndValidateSchema(text) }) {
        try Schema.build(sdl: [Source(text, name: "schema-2024-07.graphqls")])
    }

    let schema = try Schema.build(sdl: [Source(try SharedData.text("schemas/github/schema.graphqls"), name: "schema.graphqls")])
    let documents = try ["Queries/IssuesAndCommentsForRepository.graphql", "Queries/Repository.graphql",
                         "Queries/TestFolder/TestFolder2/TestFolder3/RepoURL.graphql"].map { path in
        try Parser.parse(Source(try SharedData.text("schemas/github/" + path), name: path))
    }
    let validation = try settings.bestTime {
        let errors = validate(documents, schema: schema)
        guard errors.isEmpty else { throw BenchmarkError(description: "the GitHub operations must be valid: \(errors[0])") }
        return errors
    }
    return [
        Figure(name: "schema.github_full.ms", value: orion * 1000, unit: "ms"),
        Figure(name: "schema.github_full.vs_graphqlswift", value: baseline / orion, unit: "x"),
        Figure(name: "validate.github_ops.ms", value: validation * 1000, unit: "ms"),
    ]
}
