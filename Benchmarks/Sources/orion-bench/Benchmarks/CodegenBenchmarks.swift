import Foundation
import GraphQLLanguage
import OrionCodegen
import OrionCompiler

/// Code generation in-process for the GitHub operations (schema and operation files read,
/// parsed, validated, compiled and rendered), and the size of what it generates, as a ratio to
/// what Apollo iOS 2.x generates for the same inputs (the measurement: GitHub 4,516
/// lines, Star Wars 5,542).
let codegenBenchmarks = BenchmarkGroup(figures: [
    "codegen.github.ms", "codegen.github.lines", "codegen.github.lines_vs_apollo", "codegen.starwars.lines",
    "codegen.starwars.lines_vs_apollo",
]) { settings in
    let github = SharedData.directory.appendingPathComponent("schemas/github")
    func generateGitHub() throws -> [GeneratedFile] {
        let schema = try SchemaLoader.load(["schema.graphqls"], relativeTo: github)
        let (documents, errors) = OperationLoader.load(["Queries/**/*.graphql"], relativeTo: github)
        guard errors.isEmpty else { throw BenchmarkError(description: "GitHub operations: \(errors[0])") }
        return try CodeGenerator.generate(schema: schema, documents: documents, options: CodegenOptions(namespace: "GitHubAPI"))
    }
    let time = try settings.bestTime(generateGitHub)

    let starwars = SharedData.directory.appendingPathComponent("schemas/starwars")
    let starwarsSchema = try SchemaLoader.load(["schema.graphqls"], relativeTo: starwars)
    let (starwarsDocuments, _) = OperationLoader.load(["operations/**/*.graphql"], relativeTo: starwars)
    let starwarsFiles = try CodeGenerator.generate(schema: starwarsSchema, documents: starwarsDocuments, options: CodegenOptions(namespace: "StarWarsAPI"))

    func swiftLines(_ files: [GeneratedFile]) -> Double {
        Double(files.filter { $0.path.hasSuffix(".swift") && !$0.path.hasSuffix("Package.swift") }
            .reduce(0) { $0 + $1.contents.split(separator: "\n", omittingEmptySubsequences: false).count - 1 })
    }
    let githubLines = swiftLines(try generateGitHub())
    let starwarsLines = swiftLines(starwarsFiles)
    return [
        Figure(name: "codegen.github.ms", value: time * 1000, unit: "ms"),
        Figure(name: "codegen.github.lines", value: githubLines, unit: "lines"),
        Figure(name: "codegen.github.lines_vs_apollo", value: githubLines / 4516, unit: "x"),
        Figure(name: "codegen.starwars.lines", value: starwarsLines, unit: "lines"),
        Figure(name: "codegen.starwars.lines_vs_apollo", value: starwarsLines / 5542, unit: "x"),
    ]
}
