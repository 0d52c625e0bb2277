import Foundation
import GraphQLLanguage
import OrionCodegen
import OrionCompiler
import Testing

/// The served schema is the shared SDL: introspection of the running server against Orion's
/// introspection of the SDL, type by type, field by field, argument by argument.
@Suite struct SchemaIntrospectionTests {
    @Test func servedSchemaMatchesTheSDL() async throws {
        let sdl = try SharedData.schemaSDL()
        let schema = try Schema.build(sdl: [Source(sdl, name: "schema.graphqls")])
        let expected = try #require(
            (try JSONSerialization.jsonObject(with: schema.introspectionJSON()) as? [String: Any])?["__schema"] as? [String: Any]
        )
        let served = try await withServer { server in
            let result = try await server.client.post(IntrospectionQuery.text())
            #expect(result.status == 200)
            #expect(result.json?["errors"] == nil, "\(result.errorMessages)")
            return try #require(dig(result.json, "data", "__schema") as? [String: Any])
        }

        for root in ["queryType", "mutationType", "subscriptionType"] {
            #expect(dig(served, root, "name") as? String == dig(expected, root, "name") as? String, "\(root)")
        }
        let servedTypes = Self.types(served)
        let expectedTypes = Self.types(expected)
        // Introspection's own types are the two libraries' business; the schema's are ours.
        // Built-in scalars the schema never uses may or may not be listed.
        let ours = Set(expectedTypes.keys).union(servedTypes.keys).filter { !$0.hasPrefix("__") }
        let builtInScalars: Set = ["Int", "Float", "String", "Boolean", "ID"]
        for name in ours.sorted() {
            guard let servedType = servedTypes[name], let expectedType = expectedTypes[name] else {
                #expect(builtInScalars.contains(name) && name == "Float", "Type \(name) is in only one schema")
                continue
            }
            #expect(servedType == expectedType, "Type \(name) differs:\nserved:   \(servedType)\nexpected: \(expectedType)")
        }
        // The structure really was read (a failed cast would make both sides empty alike).
        #expect(servedTypes["Query"]?.contains("launches(after:String,pageSize:Int):LaunchConnection!") == true, "\(servedTypes["Query"] ?? "")")
        #expect(servedTypes["Mission"]?.contains("missionPatch(size:PatchSize):String") == true)
        #expect(servedTypes["Mutation"]?.contains("bookTrips(launchIds:[ID]!):TripUpdateResponse!") == true)
        #expect(ours.isSuperset(of: ["Query", "Mutation", "Subscription", "Launch", "LaunchConnection", "Mission", "Rocket", "User", "TripUpdateResponse", "PatchSize", "Upload"]))
    }

    /// Every type reduced to its structure: kind, fields with arguments and type references,
    /// enum values, input fields, interfaces; descriptions and order left out.
    private static func types(_ schema: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for type in schema["types"] as? [[String: Any]] ?? [] {
            guard let name = type["name"] as? String else { continue }
            var parts = ["kind=\(type["kind"] as? String ?? "?")"]
            let fields = (type["fields"] as? [[String: Any]] ?? []).map { field in
                let args = (field["args"] as? [[String: Any]] ?? []).map(inputValue).sorted().joined(separator: ",")
                return "\(field["name"] as? String ?? "?")(\(args)):\(typeReference(field["type"]))"
            }
            parts.append("fields=[" + fields.sorted().joined(separator: "; ") + "]")
            parts.append("inputFields=[" + (type["inputFields"] as? [[String: Any]] ?? []).map(inputValue).sorted().joined(separator: "; ") + "]")
            parts.append("enumValues=" + (type["enumValues"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }.sorted().joined(separator: ","))
            parts.append("interfaces=" + (type["interfaces"] as? [[String: Any]] ?? []).map { typeReference($0) }.sorted().joined(separator: ","))
            parts.append("possibleTypes=" + (type["possibleTypes"] as? [[String: Any]] ?? []).map { typeReference($0) }.sorted().joined(separator: ","))
            result[name] = parts.joined(separator: " ")
        }
        return result
    }

    private static func inputValue(_ value: [String: Any]) -> String {
        let defaultValue = (value["defaultValue"] as? String).map { "=\($0)" } ?? ""
        return "\(value["name"] as? String ?? "?"):\(typeReference(value["type"]))\(defaultValue)"
    }

    /// `[Launch]!` style text of a type reference.
    private static func typeReference(_ reference: Any?) -> String {
        guard let reference = reference as? [String: Any] else { return "?" }
        switch reference["kind"] as? String {
        case "NON_NULL": return typeReference(reference["ofType"]) + "!"
        case "LIST": return "[" + typeReference(reference["ofType"]) + "]"
        default: return reference["name"] as? String ?? "?"
        }
    }
}
