import GraphQLLanguage
@testable import OrionCodegen
import OrionCompiler
import Testing

/// Orion handles errors and semantic non-nullness at level 0 only: other levels are refused,
/// each with the field and what to do, every one reported.
@Suite struct SupportedNullabilityLevelsTests {
    static let sdl = """
        extend schema @link(url: "https://specs.apollo.dev/nullability/v0.4", import: ["@semanticNonNull", "@catch", "CatchTo", "@catchByDefault"])
        extend schema @catchByDefault(to: NULL)
        type Query { user: User }
        type User { tags: [String] @semanticNonNull(levels: [0, 1]) friends: [User] name: String }
        """

    @Test func levelsOtherThanZeroAreRefusedWithTheField() throws {
        let schema = try Schema.build(sdl: [Source(Self.sdl, name: "schema.graphqls")])
        let document = try Parser.parse(Source("query Q {\n  user {\n    tags\n    friends @catch(levels: [1]) { name @catch(levels: [0]) }\n  }\n}", name: "q.graphql"))
        let errors = validate([document], schema: schema, rules: [SupportedNullabilityLevels.self])
        #expect(errors.map { "\($0.message) \($0.sourceLocations.map { "\($0.line):\($0.column)" })" } == [
            "Field 'tags': the schema marks 'User.tags' @semanticNonNull at levels [0, 1], but Orion supports level 0 only (the field itself, not its list's items): mark level 0 only in the schema, or leave the items nullable. [\"3:5\"]",
            "Field 'friends' uses '@catch(levels: [1])', but Orion catches errors at level 0 only (the field itself, not its list's items): remove 'levels:' and catch on the field. [\"4:13\"]",
        ])
    }

    @Test func generationRefusesThemToo() {
        #expect {
            _ = try Generation.run(sdl: Self.sdl, operations: "query Q { user { tags friends @catch(levels: [1]) { name } } }")
        } throws: { error in
            guard let error = error as? CodegenError else { return false }
            return error.errors.count == 2
        }
    }
}
