import GraphQLLanguage
@testable import OrionCodegen
import OrionCompiler
import Testing

/// `per-source-file` output, the build plugin's: a Swift file per `.graphql` file, named after
/// it, so that editing one operation file changes one generated file.
@Suite struct PerSourceFileLayoutTests {
    static let schema = """
        type Query { hero: Character, episode: Episode }
        type Character { id: ID!, name: String! }
        enum Episode { NEWHOPE, EMPIRE }
        """

    static func generate(_ files: [(name: String, text: String)], moduleType: CodegenOptions.ModuleType = .perSourceFile) throws(CodegenError) -> [GeneratedFile] {
        let schema: Schema
        do {
            schema = try Schema.build(sdl: [Source(Self.schema, name: "schema.graphqls")])
        } catch {
            throw CodegenError([GraphQLError("schema: \(error)")])
        }
        var documents: [Document] = []
        for file in files {
            do {
                documents.append(try Parser.parse(Source(file.text, name: file.name)))
            } catch {
                throw CodegenError([GraphQLError("\(file.name): \(error)")])
            }
        }
        return try CodeGenerator.generate(schema: schema, documents: documents, options: CodegenOptions(namespace: "API", moduleType: moduleType))
    }

    @Test func eachGraphQLFileHasOneSwiftFileAndTheSchemaOneMore() throws {
        let files = try Self.generate([
            ("Queries/Hero.graphql", "query Hero { hero { ...HeroName } }"),
            ("Fragments/HeroName.graphql", "fragment HeroName on Character { id name }"),
            ("Queries/Episode.graphql", "query Episode { episode }"),
        ])
        #expect(files.map(\.path) == ["APISchema.swift", "Episode.graphql.swift", "Hero.graphql.swift", "HeroName.graphql.swift"])
        let text = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
        #expect(text["Hero.graphql.swift"]?.contains("struct HeroQuery") == true)
        #expect(text["Hero.graphql.swift"]?.contains("struct HeroName") == false)
        #expect(text["HeroName.graphql.swift"]?.contains("struct HeroName") == true)
        #expect(text["Episode.graphql.swift"]?.contains("struct EpisodeQuery") == true)
        // Schema declarations, the namespace and the default configuration are in the schema's file alone.
        #expect(text["APISchema.swift"]?.contains("enum API {}") == true)
        #expect(text["APISchema.swift"]?.contains("enum Episode") == true)
        #expect(text["APISchema.swift"]?.contains("enum SchemaConfiguration") == true)
        #expect(text["Episode.graphql.swift"]?.contains("enum Episode:") == false)
    }

    @Test func editingOneOperationChangesOnlyItsFile() throws {
        let before = try Self.generate([("Hero.graphql", "query Hero { hero { id } }"), ("Episode.graphql", "query Episode { episode }")])
        let after = try Self.generate([("Hero.graphql", "query Hero { hero { id name } }"), ("Episode.graphql", "query Episode { episode }")])
        let changed = zip(before, after).filter { $0.contents != $1.contents }.map(\.0.path)
        #expect(before.map(\.path) == after.map(\.path))
        #expect(changed == ["Hero.graphql.swift"])
    }

    @Test func graphQLFilesOfOneNameAreRefused() {
        #expect {
            try Self.generate([("A/Hero.graphql", "query Hero { hero { id } }"), ("B/Hero.graphql", "query Other { hero { name } }")])
        } throws: { error in
            let message = (error as? CodegenError)?.errors.first?.message ?? ""
            return message.contains("B/Hero.graphql and A/Hero.graphql would both generate Hero.graphql.swift") && message.contains("rename one")
        }
    }
}
