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
    /// graphql-core's verdict on one schema.
    private struct Verdict: Sendable {
        var errors: [Reported]
        /// Canonical text (`canonicalIntrospection`), for a valid schema.
        var introspection: String?

        /// Read from `expected.json` with `JSONSerialization`: a `Decodable` reading of any JSON
        /// tries each type in turn, and each failed try is a thrown error, for which the test
        /// runner records a backtrace; millions of them made this test take minutes.
        init(json: Any, file: String) throws {
            guard let fields = json as? [String: Any], let errors = fields["errors"] as? [[Any]] else {
                throw VerdictError(file: file, problem: "no errors list")
            }
            self.errors = try errors.map { error in
                guard error.count == 2, let message = error[0] as? String, let locations = error[1] as? [[Int]] else {
                    throw VerdictError(file: file, problem: "an error that is not [message, [[line, column]]]: \(error)")
                }
                return Reported(message: message, locations: locations)
            }
            let introspection = fields["introspection"]
            self.introspection = introspection is NSNull ? nil : introspection.map(GraphQLCoreSchemaAgreementTests.canonicalIntrospection)
        }
    }

    private struct VerdictError: Error, CustomStringConvertible {
        var file: String
        var problem: String
        var description: String { "expected.json, \(file): \(problem)" }
    }

    private struct Reported: Hashable, Sendable, CustomStringConvertible {
        var message: String
        var locations: [[Int]]

        var description: String { "\(message) \(locations)" }
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

    @Test func schemasAgreeWithGraphQLCore() async throws {
        let outcome = try await onOwnThread(Self.compareWithGraphQLCore)
        #expect(outcome.schemas >= 300)
        print("schema agreement: \(outcome.schemas) schemas, \(outcome.invalid) invalid, \(outcome.disagreements.count) disagreements")
        #expect(outcome.invalid >= 100)
        #expect(outcome.disagreements.isEmpty, "\(outcome.disagreements.count) disagreements:\n\(outcome.disagreements.prefix(25).joined(separator: "\n"))")
    }

    private struct Outcome: Sendable {
        var schemas: Int
        var invalid: Int
        var disagreements: [String]
    }

    /// graphql-core's verdicts on the corpus, and Orion's compared with them.
    @Sendable private static func compareWithGraphQLCore() throws -> Outcome {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("orion-schema-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: corpus) }
        try Subprocess.python("schema_oracle.py", ["corpus", Repository.sharedData.path, corpus.path])
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: corpus.appendingPathComponent("expected.json")))
        guard let verdicts = json as? [String: Any] else { throw VerdictError(file: "", problem: "not an object") }
        let expected = try Dictionary(uniqueKeysWithValues: verdicts.map { ($0.key, try Verdict(json: $0.value, file: $0.key)) })
        // Each schema on its own: on as many threads as there are cores.
        let outcomes = try expected.sorted { $0.key < $1.key }.concurrentMap { entry in
            (invalid: !entry.value.errors.isEmpty, disagreement: try Self.disagreement(file: entry.key, in: corpus, with: entry.value))
        }
        let disagreements = outcomes.compactMap(\.disagreement)
        let invalid = outcomes.filter(\.invalid).count
        return Outcome(schemas: expected.count, invalid: invalid, disagreements: disagreements)
    }

    /// What Orion does differently from graphql-core on the schema in `file`, or nil.
    private static func disagreement(file: String, in corpus: URL, with reference: Verdict) throws -> String? {
        let text = try String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8)
        var ours: [Reported] = []
        var introspection: String?
        do {
            let schema = try Schema.build(sdl: [Source(text, name: file)])
            introspection = Self.canonicalIntrospection(try JSONSerialization.jsonObject(with: schema.introspectionJSON()))
        } catch let error as SchemaError {
            ours = error.errors.map { Reported(message: $0.message, locations: $0.sourceLocations.map { [$0.line, $0.column] }) }
        }
        if let problem = Self.compare(ours: ours, graphQLCore: reference.errors) {
            return "\(file): \(problem)"
        }
        if let theirs = reference.introspection, let introspection, theirs != introspection {
            let difference = Array(zip(theirs, introspection)).firstIndex { $0.0 != $0.1 } ?? 0
            return "\(file): introspection differs at \(difference): graphql-core …\(theirs.dropFirst(max(0, difference - 80)).prefix(200)) Orion …\(introspection.dropFirst(max(0, difference - 80)).prefix(200))"
        }
        return nil
    }
}
