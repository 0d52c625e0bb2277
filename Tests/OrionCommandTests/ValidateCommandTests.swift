import Foundation
import Testing
import TestSupport

/// `orion validate`, run as the built executable.
@Suite struct ValidateCommandTests {
    @Test func validOperationsPassWithUnusedFragmentsAsWarnings() throws {
        let result = try Orion.run(["validate", "--schema", "schemas/starwars/schema.graphqls", "--operations", "schemas/starwars/operations/**/*.graphql"], in: Orion.sharedDirectory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("CharacterAndSubTypesFragments.graphql:"))
        #expect(result.errors.contains("warning: Fragment 'DroidNameAndPrimaryFunction' is never used."))
        #expect(result.errors.contains("0 errors"))
    }

    @Test func strictModeMakesUnusedFragmentsErrors() throws {
        let result = try Orion.run(["validate", "--strict", "--schema", "schemas/starwars/schema.graphqls", "--operations", "schemas/starwars/operations/*.graphql"], in: Orion.sharedDirectory)
        #expect(result.status == 1)
        #expect(result.errors.contains("error: Fragment 'DroidNameAndPrimaryFunction' is never used."))
    }

    @Test func reportsEveryProblemWithFileLineAndCaret() throws {
        let directory = try Orion.temporaryDirectory()
        try "type Query { launch(id: ID!): Launch } type Launch { id: ID! site: String }".write(to: directory.appendingPathComponent("schema.graphqls"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Queries/Nested"), withIntermediateDirectories: true)
        try "query Launch {\n  launch { nope }\n}\n".write(to: directory.appendingPathComponent("Queries/Nested/Launch.graphql"), atomically: true, encoding: .utf8)
        try "{ launch(id: 1) { id } }".write(to: directory.appendingPathComponent("Queries/Anonymous.graphql"), atomically: true, encoding: .utf8)
        let result = try Orion.run(["validate", "--schema", "schema.graphqls", "--operations", "Queries/**/*.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("Queries/Nested/Launch.graphql:2:3: error: Argument 'Query.launch(id:)' of type 'ID!' is required, but it was not provided.\n  launch { nope }\n  ^"))
        #expect(result.errors.contains("Queries/Nested/Launch.graphql:2:12: error: Cannot query field 'nope' on type 'Launch'."))
        #expect(result.errors.contains("Queries/Anonymous.graphql:1:1: error: This query has no name: generated Swift types are named after operations, so give it one (e.g. 'query LaunchList { ... }')."))
        #expect(result.errors.contains("3 errors"))
    }

    @Test func namesThatWouldClashInSwiftAreRefusedByValidateAsByGenerate() throws {
        let directory = try Orion.temporaryDirectory()
        try "type Query { hero: Hero } type Hero { id: ID! fragments: Int self: String self_: String } enum Episode { A }"
            .write(to: directory.appendingPathComponent("schema.graphqls"), atomically: true, encoding: .utf8)
        try """
            query Hero { hero { ...heroDetails ...HeroDetails fragments self self_ } }
            query HeroQuery { hero { id } }
            fragment heroDetails on Hero { id }
            fragment HeroDetails on Hero { id }
            fragment Episode on Hero { id }
            """.write(to: directory.appendingPathComponent("Hero.graphql"), atomically: true, encoding: .utf8)
        let messages = [
            "Hero.graphql:1:51: error: Field \"fragments\" on type \"Hero\" would clash with the generated member `fragments`; give it an alias, e.g. `fragmentsValue: fragments`.",
            "Hero.graphql:1:66: error: Fields \"self\" and \"self_\" on type \"Hero\" would both be the Swift property `self_`; give one an alias",
            "Hero.graphql:1:7: error: The query \"Hero\" and the query \"HeroQuery\" would both be the Swift type `HeroQuery`; rename one of them.",
            "Hero.graphql:3:10: error: The fragment \"heroDetails\" and the fragment \"HeroDetails\" would both be the Swift type `HeroDetails`; rename one of them.",
            "Hero.graphql:5:10: error: The fragment \"Episode\" would be the Swift type `Episode`, as the schema's enum \"Episode\" is; rename the fragment.",
        ]
        for command in ["validate", "generate"] {
            var arguments = [command, "--schema", "schema.graphqls", "--operations", "*.graphql"]
            if command == "generate" { arguments += ["--namespace", "API", "--output", "Out"] }
            let result = try Orion.run(arguments, in: directory)
            #expect(result.status == 1, "\(command)")
            for message in messages { #expect(result.errors.contains(message), "\(command): \(result.errors)") }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Out").path))
    }

    @Test func aBrokenSchemaFailsWithBothPlaces() throws {
        let result = try Orion.run(["validate", "--schema", "schemas/github-full/schema-2025-02.graphqls"], in: Orion.sharedDirectory)
        #expect(result.status == 1)
        #expect(result.errors.contains("schemas/github-full/schema-2025-02.graphqls:"))
        #expect(result.errors.contains("error: Field 'EnterpriseOwnerInfo.repositoryDeployKeySetting' can only be defined once."))
        #expect(result.errors.contains("note: also here"))
    }

    @Test func anIntrospectionSchemaWorksToo() throws {
        let result = try Orion.run(["validate", "--schema", "schemas/starwars/schema.json", "--operations", "schemas/starwars/operations/HeroName.graphql"], in: Orion.sharedDirectory)
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test func missingArgumentsAreExplained() throws {
        let result = try Orion.run(["validate"], in: Orion.sharedDirectory)
        #expect(result.status == 64)
        #expect(result.errors.contains("Missing --schema"))
        let glob = try Orion.run(["validate", "--schema", "rocketreserver/schema.graphqls", "--operations", "nothing/*.graphql"], in: Orion.sharedDirectory)
        #expect(glob.status == 1)
        #expect(glob.errors.contains("No files match nothing/*.graphql"))
    }
}
