import Foundation
import GraphQLLanguage
import Testing
@testable import OrionCompiler

@Suite struct IntrospectionTests {
    @Test(arguments: [
        "schemas/starwars/schema.graphqls", "schemas/animalkingdom/AnimalSchema.graphqls", "schemas/github/schema.graphqls",
        "schemas/github-full/schema-2024-07.graphqls", "rocketreserver/schema.graphqls", "schemas/upload-api/schema.graphqls",
        "schemas/subscription-api/schema.graphqls",
    ])
    func sdlRoundTripsThroughIntrospection(path: String) throws {
        let schema = try Schema.build(sdl: [try TestData.source(path)])
        let sdl = schema.printSDL()
        // The printed SDL builds the same schema, and prints the same again.
        let reprinted = try Schema.build(sdl: [Source(sdl, name: "printed.graphqls")]).printSDL()
        #expect(reprinted == sdl)
        // Through introspection JSON and back: the same SDL.
        let fromJSON = try Schema.build(introspectionJSON: schema.introspectionJSON())
        #expect(fromJSON.printSDL() == sdl)
        #expect(fromJSON.introspectionJSON() == schema.introspectionJSON())
    }

    @Test func readsTheStarWarsSchemaJSONAsItsSDL() throws {
        let url = TestData.sharedDirectory.appendingPathComponent("schemas/starwars/schema.json")
        let fromJSON = try Schema.build(introspectionJSON: try Data(contentsOf: url))
        let fromSDL = try Schema.build(sdl: [try TestData.source("schemas/starwars/schema.graphqls")])
        #expect(Set(fromJSON.typeNames) == Set(fromSDL.typeNames))
        for name in fromSDL.typeNames {
            guard let sdlType = fromSDL[name], let jsonType = fromJSON[name], !sdlType.isBuiltIn else { continue }
            #expect(Set(jsonType.fields.map { "\($0.name): \($0.type)" }) == Set(sdlType.fields.map { "\($0.name): \($0.type)" }), "\(name)")
            #expect(Set(jsonType.enumValues.map(\.name)) == Set(sdlType.enumValues.map(\.name)), "\(name)")
            #expect(Set(jsonType.inputFields.map { "\($0.name): \($0.type)" }) == Set(sdlType.inputFields.map { "\($0.name): \($0.type)" }), "\(name)")
        }
    }

    @Test func acceptsTheBareAndTheDataWrappedForms() throws {
        let schema = try Schema.build(sdl: [Source("type Query { a: Int }")])
        let bare = schema.introspectionJSON()
        let object = try #require(try JSONSerialization.jsonObject(with: bare) as? [String: Any])
        let wrapped = try JSONSerialization.data(withJSONObject: ["data": object])
        #expect(try Schema.build(introspectionJSON: wrapped).printSDL() == "type Query {\n  a: Int\n}")
    }

    @Test(arguments: [
        ("not json", "schema.json is not JSON"),
        (#"{"data": {"other": 1}}"#, #"schema.json: expected "__schema" at $.data: this is not an introspection result"#),
        (#"{"__schema": {"types": 3}}"#, "schema.json: expected an array at $.__schema.types, found 3"),
        (#"{"__schema": {"types": [{"kind": "OBJECT"}]}}"#, "schema.json: expected a string at $.__schema.types[0].name, found nothing"),
        (#"{"__schema": {"types": [{"kind": "LIST", "name": "X"}]}}"#, #"schema.json: expected a named type's kind at $.__schema.types[0].kind, found "LIST""#),
    ])
    func reportsWhatIsWrongAndWhere(json: String, message: String) {
        do {
            _ = try Schema.build(introspectionJSON: Data(json.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.first?.message.hasPrefix(message) == true, "\(error.errors.first?.message ?? "")")
        }
    }
}

