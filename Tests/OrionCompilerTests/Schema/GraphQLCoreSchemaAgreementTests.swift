import Foundation
import GraphQLLanguage
import Testing
import TestSupport
@testable import OrionCompiler

/// Orion's schema building and type-system rules against graphql-core 3.3.2
/// (`Tests/Differential/schema_oracle.py`): on every shared SDL schema and hundreds of schemas
/// with valid and invalid additions, the same verdict, the same errors at the same places, and
/// for valid schemas the same introspection result.
@Suite struct GraphQLCoreSchemaAgreementTests {
    private struct Verdict: Decodable {
        var errors: [Reported]
        var introspection: JSONAny?
    }

    private struct Reported: Decodable, Hashable, CustomStringConvertible {
        var message: String
        var locations: [[Int]]

        init(message: String, locations: [[Int]]) {
            self.message = message
            self.locations = locations
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            message = try container.decode(String.self)
            locations = try container.decode([[Int]].self)
        }

        var description: String { "\(message) \(locations)" }
    }

    /// Any JSON, kept as canonical text for comparison.
    private struct JSONAny: Decodable {
        var canonical: String

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer().decode(AnyDecodable.self)
            canonical = GraphQLCoreSchemaAgreementTests.canonicalIntrospection(value.value)
        }
    }

    private struct AnyDecodable: Decodable {
        var value: Any

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { value = NSNull() }
            else if let bool = try? container.decode(Bool.self) { value = bool }
            else if let int = try? container.decode(Int.self) { value = int }
            else if let double = try? container.decode(Double.self) { value = double }
            else if let string = try? container.decode(String.self) { value = string }
            else if let array = try? container.decode([AnyDecodable].self) { value = array.map(\.value) }
            else { value = try container.decode([String: AnyDecodable].self).mapValues(\.value) }
        }
    }

    /// Known, intended differences from graphql-core 3.3.2, each with its reason.
    private static func isKnownDifference(_ message: String) -> Bool {
        // graphql-core's own rule, not the spec's (September 2025): the GitHub schema breaks it.
        message.contains("is not deprecated, so implementation field")
    }

    /// nil when Orion's errors agree with graphql-core's. graphql-core stops after its SDL rules
    /// (their messages joined in one error without locations) before the type-system rules, where
    /// Orion reports both: then graphql-core's messages must be among Orion's.
    private static func compare(ours allOurs: [Reported], graphQLCore: [Reported]) -> String? {
        // graphql-core lets SDL replace a built-in scalar with a type of its own; Orion keeps the
        // spec's scalars and reports the clash.
        let builtInScalarClashes = ["Int", "Float", "String", "Boolean", "ID"].map { "There can be only one type named '\($0)'." }
        let ours = allOurs.filter { !builtInScalarClashes.contains($0.message) }
        let theirs = graphQLCore.filter { !isKnownDifference($0.message) }
        let sdlPhase = theirs.count == 1 && theirs[0].locations.isEmpty
        if sdlPhase {
            let messages = Set(theirs[0].message.components(separatedBy: "\n\n").map(stripSuggestion))
            let oursMessages = Set(ours.map(\.message))
            return messages.isSubset(of: oursMessages) ? nil : "graphql-core \(messages.sorted()) not all in Orion's \(oursMessages.sorted())"
        }
        let expected = Set(theirs.map { Reported(message: stripSuggestion($0.message), locations: $0.locations) })
        return Set(ours) == expected ? nil : "Orion \(ours) graphql-core \(theirs)"
    }

    private static func stripSuggestion(_ message: String) -> String {
        guard let range = message.range(of: " Did you mean ") else { return message }
        return String(message[..<range.lowerBound])
    }

    /// An introspection result as canonical text, types and directives sorted by name (their
    /// order carries no meaning, and graphql-core lists types in the order it reached them).
    /// The introspection types themselves (`__Type`, ...) are left out: the spec fixes their
    /// shape, and their descriptions are each implementation's own words.
    static func canonicalIntrospection(_ value: Any) -> String {
        guard var root = value as? [String: Any], var schema = root["__schema"] as? [String: Any] else { return canonical(value) }
        for key in ["types", "directives"] {
            let list = schema[key] as? [[String: Any]] ?? []
            schema[key] = list.filter { !($0["name"] as? String ?? "").hasPrefix("__") }
                .sorted { ($0["name"] as? String ?? "") < ($1["name"] as? String ?? "") }
        }
        root["__schema"] = schema
        return canonical(root)
    }

    static func canonical(_ value: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func schemasAgreeWithGraphQLCore() throws {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("orion-schema-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: corpus) }
        try Subprocess.python("schema_oracle.py", ["corpus", Repository.sharedData.path, corpus.path])
        let expected = try JSONDecoder().decode([String: Verdict].self, from: Data(contentsOf: corpus.appendingPathComponent("expected.json")))
        var disagreements: [String] = []
        var invalid = 0
        for file in expected.keys.sorted() {
            guard let reference = expected[file] else { continue }
            let text = try String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8)
            var ours: [Reported] = []
            var introspection: String?
            do {
                let schema = try Schema.build(sdl: [Source(text, name: file)])
                introspection = Self.canonicalIntrospection(try JSONSerialization.jsonObject(with: schema.introspectionJSON()))
            } catch let error as SchemaError {
                ours = error.errors.map { Reported(message: $0.message, locations: $0.sourceLocations.map { [$0.line, $0.column] }) }
            }
            if !reference.errors.isEmpty { invalid += 1 }
            if let problem = Self.compare(ours: ours, graphQLCore: reference.errors) {
                disagreements.append("\(file): \(problem)")
            } else if let theirs = reference.introspection?.canonical, let introspection, theirs != introspection {
                let difference = Array(zip(theirs, introspection)).firstIndex { $0.0 != $0.1 } ?? 0
                disagreements.append("\(file): introspection differs at \(difference): graphql-core …\(theirs.dropFirst(max(0, difference - 80)).prefix(200)) Orion …\(introspection.dropFirst(max(0, difference - 80)).prefix(200))")
            }
        }
        #expect(expected.count >= 300)
        print("schema agreement: \(expected.count) schemas, \(invalid) invalid, \(disagreements.count) disagreements")
        #expect(invalid >= 100)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements:\n\(disagreements.prefix(25).joined(separator: "\n"))")
    }
}
